/**
 * Runs `task` once the browser has painted the page as it stands: the frame's callback runs just
 * before that paint, and a task queued from it runs after. A hidden tab paints nothing (and runs no
 * frame callbacks), so there `task` runs at once.
 */
export function afterFirstPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') {
    task();
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}
