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
  return <Toaster position="top-right" richColors closeButton theme="light" />;
}
