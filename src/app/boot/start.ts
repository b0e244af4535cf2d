/**
 * Brings the app in, one large piece per task: React DOM, then the router with the page frame, then
 * the app and its screen. Each is evaluated in a task of its own, with a turn for the browser in
 * between, so no single task blocks a tap or a key press for long while a prerendered page comes to
 * life (docs/decisions/008).
 */
import { showPostenSans } from './fonts';
import { nextTask } from './next-task';

export async function start() {
  await import('react-dom/client');
  await nextTask();
  await import('../router'); // the router, the route table and the page frame
  await nextTask();
  const { run } = await import('./run');
  await run();
  showPostenSans();
}
