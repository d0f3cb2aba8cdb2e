// Motion preferences: every animation asks here first.

const query = window.matchMedia('(prefers-reduced-motion: reduce)');

/** Whether the user asked for reduced motion (read each time: it can change while open). */
export const prefersReducedMotion = () => query.matches;
