/**
 * The one file drop area (borrower documents, deal images and prospectus): a dashed box that
 * takes dropped files, with a 'Choose …' button for the file picker. Where the pointer cannot drag
 * (phones, tablets) it offers the button alone, without drag-and-drop wording. The file input
 * inside keeps its `name`, so a plain form post sends the files without JavaScript.
 */
import { CloudUpload } from 'lucide-react';
import { useState, type DragEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '~/lib/cn';

export function Dropzone({
  id,
  label,
  hint,
  inputRef,
  inputProps,
  onFiles,
  compact = false,
}: {
  id: string;
  /** The button's text, e.g. 'Choose files'. */
  label: string;
  hint: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  /** Files dropped on the box (chosen ones arrive through `inputProps.onChange`). */
  onFiles: (files: FileList) => void;
  /** 'inline': one low row (a checklist item's upload), the button beside the words. */
  compact?: boolean | 'inline';
}) {
  const [over, setOver] = useState(false);
  // The drop target's handlers, the same for both looks.
  const drop = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      if (e.dataTransfer.files.length) onFiles(e.dataTransfer.files);
    },
  };
  if (compact === 'inline')
    return (
      <div
        {...drop}
        data-testid="dropzone"
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-dashed px-3 py-2',
          over ? 'border-brass-500 bg-brass-50' : 'border-line bg-ivory',
        )}
      >
        <CloudUpload aria-hidden className="size-5 shrink-0 text-navy-400" />
        <label
          htmlFor={id}
          className="inline-flex h-11 cursor-pointer items-center rounded-lg bg-navy-900 px-4 text-sm font-semibold text-white focus-within:ring-2 focus-within:ring-navy-300 hover:bg-navy-800 sm:h-9"
        >
          {label}
        </label>
        <input ref={inputRef} id={id} type="file" className="sr-only" aria-describedby={`${id}-hint`} {...inputProps} />
        <p id={`${id}-hint`} className="text-xs text-muted">
          <span className="hidden pointer-fine:inline">or drop files here · </span>
          {hint}
        </p>
      </div>
    );
  return (
    <div
      {...drop}
      data-testid="dropzone"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 text-center transition-colors',
        compact ? 'py-6' : 'py-10',
        over ? 'border-brass-500 bg-brass-50' : 'border-line bg-ivory',
      )}
    >
      <CloudUpload aria-hidden className="size-10 text-navy-400" />
      <p className="mt-3 hidden font-medium text-navy-900 pointer-fine:block">Drag and drop files here</p>
      <p className="mt-1 hidden text-sm text-muted pointer-fine:block">or</p>
      <label
        htmlFor={id}
        className="mt-3 inline-flex h-11 cursor-pointer items-center rounded-lg bg-navy-900 px-5 text-sm font-semibold text-white focus-within:ring-2 focus-within:ring-navy-300 hover:bg-navy-800 pointer-fine:mt-2"
      >
        {label}
      </label>
      <input ref={inputRef} id={id} type="file" className="sr-only" aria-describedby={`${id}-hint`} {...inputProps} />
      <p id={`${id}-hint`} className="mt-3 text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}
