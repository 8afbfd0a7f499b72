/** The Ormsby Lending mark: a brass monogram beside the serif wordmark. */
import { cn } from '~/lib/cn';

export function BrandMark({ className, inverse = true }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#b8862f" />
        <path d="M16 6.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Zm0 4a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11Z" fill="#0a1426" />
        <rect x="14.5" y="3.5" width="3" height="6" rx="1" fill="#0a1426" />
      </svg>
      <span className={cn('font-serif text-xl font-semibold tracking-tight', inverse ? 'text-white' : 'text-navy-900')}>
        Ormsby <span className={inverse ? 'text-brass-300' : 'text-brass-600'}>Lending</span>
      </span>
    </span>
  );
}
