import { useEffect } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { registerToastHost } from '~/lib/toast';

/** The sonner toaster, loaded on demand by ToastOutlet. */
export default function ToastHost() {
  useEffect(
    () =>
      registerToastHost(({ type, title, description }) => {
        sonner[type](title, { description });
      }),
    [],
  );
  return <Toaster position="bottom-right" richColors closeButton theme="light" offset={24} mobileOffset={16} />;
}
