// The bubbles' collision relaxation while one is dragged: the same rule as
// KineticCore's BubbleLayout.relax (which places them first). Units: the stage is 1 wide.

const GAP = 0.018;

/** Pushes overlapping bubbles apart (half each, or all of it for the other one when one is
 *  `pinned`), keeps them off the centre's middle and inside the stage. `bubbles` are
 *  `{x, y, w, h}` and change in place. */
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
      const keep = centre.w * 0.32;
      const dx = bubble.x - centre.x, dy = bubble.y - centre.y;
      const distance = Math.hypot(dx, dy);
      const reach = keep + Math.min(bubble.w, bubble.h) / 2;
      if (distance < reach) {
        const angle = distance === 0 ? -Math.PI / 2 : Math.atan2(dy, dx);
        bubble.x = centre.x + reach * Math.cos(angle);
        bubble.y = centre.y + reach * Math.sin(angle);
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
