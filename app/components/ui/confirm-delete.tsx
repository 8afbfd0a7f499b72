/**
 * Actions that ask first (Radix AlertDialog: focus trapped, Escape cancels). `ConfirmAction`:
 * a button labelled `triggerLabel`, then a dialog with `title`, `description`, Cancel and
 * `confirmLabel`. `ConfirmDelete`: the same behind a trash icon labelled 'Delete {name}'.
 */
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClasses, iconButtonClasses } from './button';
import { dialogContentClasses, dialogOverlayClasses, dialogTitleClasses } from './dialog';

interface ConfirmProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

function Confirm({ trigger, title, description, confirmLabel, onConfirm }: ConfirmProps & { trigger: ReactNode }) {
  return (
    <AlertDialog.Root>
      {trigger}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <AlertDialog.Title className={dialogTitleClasses}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('navy', 'md', 'bg-danger hover:bg-red-800')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export function ConfirmAction({ triggerLabel, ...props }: ConfirmProps & { triggerLabel: string }) {
  return (
    <Confirm
      {...props}
      trigger={<AlertDialog.Trigger className={buttonClasses('secondary')}>{triggerLabel}</AlertDialog.Trigger>}
    />
  );
}

export function ConfirmDelete({ name, ...props }: Omit<ConfirmProps, 'confirmLabel'> & { name: string }) {
  return (
    <Confirm
      {...props}
      confirmLabel="Delete"
      trigger={
        <AlertDialog.Trigger className={iconButtonClasses('danger')}>
          <Trash2 aria-hidden className="size-4" />
          <span className="sr-only">Delete {name}</span>
        </AlertDialog.Trigger>
      }
    />
  );
}
