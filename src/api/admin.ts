import { apiPaths } from '../config/paths';
import { send } from './client';

/** Whether the admin entry may be used from here. Any failure means no (SPEC §7), and is not an error to report. */
export async function checkAdminAccess(): Promise<boolean> {
  try {
    await send(apiPaths.adminAccess, { nolog: true });
    return true;
  } catch {
    return false;
  }
}
