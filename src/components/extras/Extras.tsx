/**
 * What real time adds to the components, in one chunk loaded after first paint where any of it is
 * used (see shared/extras.tsx): the toasts of new notifications, the title's count, and the
 * preferences' switch for desktop notifications.
 */
import type { ExtrasProps } from '../shared/extras';
import { DesktopSwitch } from './DesktopSwitch';
import { TitleBadge } from './TitleBadge';
import { Toaster } from './Toaster';

export default function Extras({ toasts, titleBadge, desktop }: ExtrasProps) {
  return (
    <>
      {toasts && <Toaster {...(toasts === true ? {} : toasts)} />}
      {titleBadge && <TitleBadge />}
      {desktop && <DesktopSwitch labels={desktop} />}
    </>
  );
}
