import { send } from './client';

export const adminAccessUrl = '/post/api/admin/access';

/** Whether the admin entry may be used from here. Any failure means no (SPEC §7), and is not an error to report. */
export async function checkAdminAccess(): Promise<boolean> {
  try {
    await send(adminAccessUrl, { nolog: true });
    return true;
  } catch {
    return false;
  }
}
