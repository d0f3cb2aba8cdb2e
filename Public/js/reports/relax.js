// The bubbles' collision relaxation while one is dragged: the same rule as
// KineticCore's BubbleLayout.relax (which places them first), and how the others follow the
// dragged one (only the browser drags). Units: the stage is 1 wide.

const GAP = 0.018;
/** How far from the centre's middle, in its widths, every bubble keeps: all of it and a gap. */
const KEEP = 0.5 + GAP / 0.34;

/** Pushes overlapping bubbles apart (half each, or all of it for the other one when one is
 *  `pinned`), keeps them off the centre (its name is never covered) and inside the stage.
 *  `bubbles` are `{x, y, w, h}` and change in place. */
export function relax(bubbles, centre, stageHeight, pinned = -1, iterations = 60) {
  for (let round = 0; round < iterations; round += 1) {
    let moved = false;
    for (let i = 0; i < bubbles.length; i += 1) {
      for (let j = i + 1; j < bubbles.length; j += 1) {
        const a = bubbles[i], b = bubbles[j];
        const overlapX = (a.w + b.w) / 2 + GAP - Math.abs(a.x - b.x);
        const overlapY = (a.h + b.h) / 2 + GAP - Math.abs(a.y - b.y);
        if (overlapX <= 0 || overlapY <= 0) continue;
        moved = true;
        const alongX = overlapX < overlapY;
        const amount = alongX ? overlapX : overlapY;
        const [pa, pb] = alongX ? [a.x, b.x] : [a.y, b.y];
        const direction = pa === pb ? (i % 2 === 0 ? -1 : 1) : (pa < pb ? -1 : 1);
        const [shareA, shareB] = pinned === i ? [0, 1] : pinned === j ? [1, 0] : [0.5, 0.5];
        if (alongX) { a.x += direction * amount * shareA; b.x -= direction * amount * shareB; }
        else { a.y += direction * amount * shareA; b.y -= direction * amount * shareB; }
      }
    }
    bubbles.forEach((bubble, index) => {
      if (index === pinned) return;
      if (centre.w === centre.h) {
        // The centre circle stays clear: the bubble's nearest point to its middle moves out
        // to `keep` along the line between them.
        const keep = centre.w * KEEP;
        const nearX = Math.min(Math.max(centre.x, bubble.x - bubble.w / 2), bubble.x + bubble.w / 2);
        const nearY = Math.min(Math.max(centre.y, bubble.y - bubble.h / 2), bubble.y + bubble.h / 2);
        const distance = Math.hypot(nearX - centre.x, nearY - centre.y);
        if (distance < keep) {
          const [dx, dy] = distance === 0 ? [bubble.x - centre.x, bubble.y - centre.y] : [nearX - centre.x, nearY - centre.y];
          const angle = dx === 0 && dy === 0 ? -Math.PI / 2 : Math.atan2(dy, dx);
          const push = distance === 0 ? keep + Math.min(bubble.w, bubble.h) / 2 : keep - distance;
          const pushedX = bubble.x + push * Math.cos(angle);
          if (pushedX - bubble.w / 2 >= 0 && pushedX + bubble.w / 2 <= 1) {
            bubble.x = pushedX;
            bubble.y += push * Math.sin(angle);
          } else {
            // No room beside the centre (a wide card): it moves up or down until its nearest
            // point is `keep` away.
            const across = nearX - centre.x;
            const along = Math.sqrt(Math.max(keep * keep - across * across, 0)) - Math.abs(nearY - centre.y);
            bubble.y += bubble.y < centre.y || (bubble.y === centre.y && index % 2 === 0) ? -along : along;
          }
          moved = true;
        }
      } else {
        // A crowded level's centre, a pill at the top, stays clear as a box: the bubble moves
        // all the way out along the axis where it overlaps least.
        const overlapX = (bubble.w + centre.w) / 2 + GAP - Math.abs(bubble.x - centre.x);
        const overlapY = (bubble.h + centre.h) / 2 + GAP - Math.abs(bubble.y - centre.y);
        if (overlapX > 0 && overlapY > 0) {
          if (overlapX < overlapY) bubble.x += bubble.x < centre.x ? -overlapX : overlapX;
          else bubble.y += bubble.y < centre.y ? -overlapY : overlapY;
          moved = true;
        }
      }
      const x = Math.min(Math.max(bubble.x, bubble.w / 2), 1 - bubble.w / 2);
      const y = Math.min(Math.max(bubble.y, bubble.h / 2), stageHeight - bubble.h / 2);
      if (x !== bubble.x || y !== bubble.y) moved = true;
      bubble.x = x;
      bubble.y = y;
    });
    if (!moved) return;
  }
}

/** How much of a dragged bubble's move the others take: all but nothing right beside it,
 *  falling off with distance (stage widths) so the far side of the stage barely stirs. */
const FOLLOW = 0.6;
const FOLLOW_REACH = 0.45;

/** Moves every bubble but the `dragged` one by part of its move (`dx`, `dy`), the nearer the
 *  more, and keeps them inside the stage. */
export function follow(bubbles, dragged, dx, dy, stageHeight) {
  const lead = bubbles[dragged];
  bubbles.forEach((bubble, index) => {
    if (index === dragged) return;
    const share = FOLLOW * Math.exp(-Math.hypot(bubble.x - lead.x, bubble.y - lead.y) / FOLLOW_REACH);
    bubble.x = Math.min(Math.max(bubble.x + dx * share, bubble.w / 2), 1 - bubble.w / 2);
    bubble.y = Math.min(Math.max(bubble.y + dy * share, bubble.h / 2), stageHeight - bubble.h / 2);
  });
}
