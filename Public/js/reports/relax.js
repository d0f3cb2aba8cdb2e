// The bubbles' collision relaxation while one is dragged: the same rule as
// KineticCore's BubbleLayout.relax (which places them first). Units: the stage is 1 wide.

const GAP = 0.018;
/** How much of the centre's width, from its middle, no bubble covers. */
const KEEP = 0.44;

/** Pushes overlapping bubbles apart (half each, or all of it for the other one when one is
 *  `pinned`), keeps them off the centre (its name stays readable) and inside the stage.
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
      // Off the centre: all of it but its rim, where its name is, stays clear. The bubble's
      // nearest point to the centre's middle moves out to `keep` along the line between them.
      const keep = centre.w * KEEP;
      const nearX = Math.min(Math.max(centre.x, bubble.x - bubble.w / 2), bubble.x + bubble.w / 2);
      const nearY = Math.min(Math.max(centre.y, bubble.y - bubble.h / 2), bubble.y + bubble.h / 2);
      const distance = Math.hypot(nearX - centre.x, nearY - centre.y);
      if (distance < keep) {
        const [dx, dy] = distance === 0 ? [bubble.x - centre.x, bubble.y - centre.y] : [nearX - centre.x, nearY - centre.y];
        const angle = dx === 0 && dy === 0 ? -Math.PI / 2 : Math.atan2(dy, dx);
        const push = distance === 0 ? keep + Math.min(bubble.w, bubble.h) / 2 : keep - distance;
        bubble.x += push * Math.cos(angle);
        bubble.y += push * Math.sin(angle);
        moved = true;
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
