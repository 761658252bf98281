import { parseTempPref, type TempPref } from '@monitor/domain/shared/temperature';
import { COOKIE, readCookie } from '../../../lib/cookies';
import { useSession } from '../../../lib/session';

/** The user's temperature unit: the tempPref cookie, else the saved preference, else F (device-management §3, §9). */
export function useTempPref(): TempPref {
  const session = useSession();
  return parseTempPref(readCookie(COOKIE.tempPref) ?? session.user?.UserPref?.TempPref);
}
