import { useEffect } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { registerToastHost } from '~/lib/toast';

/**
 * The sonner toaster, loaded on demand by ToastOutlet. Toasts appear at the top centre, under
 * the site's fixed header (72 px) or the portal's phone header (64 px): a corner toast covered
 * the controls a user needs next, such as a freshly uploaded document's Download and Delete at
 * the right of its row (issue 23). The centre of the top edge holds a page's title, never a control.
 */
export default function ToastHost() {
  useEffect(
    () =>
      registerToastHost(({ type, title, description }) => {
        sonner[type](title, { description });
      }),
    [],
  );
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      theme="light"
      offset={{ top: 88 }}
      mobileOffset={{ top: 76, left: 16, right: 16 }}
    />
  );
}
