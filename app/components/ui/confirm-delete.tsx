/**
 * A delete button that asks first (Radix AlertDialog: focus trapped, Escape cancels): a trash
 * icon labelled 'Delete {name}', then a dialog with `title`, `description`, Cancel and Delete.
 */
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';
import { iconButtonClasses } from '~/components/ui/button';
import { dialogContentClasses, dialogOverlayClasses, dialogTitleClasses } from './dialog';

export function ConfirmDelete({
  name,
  title,
  description,
  onConfirm,
}: {
  name: string;
  title: string;
  description: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={iconButtonClasses('danger')}>
        <Trash2 aria-hidden className="size-4" />
        <span className="sr-only">Delete {name}</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <AlertDialog.Title className={dialogTitleClasses}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('navy', 'md', 'bg-danger hover:bg-red-800')} onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
