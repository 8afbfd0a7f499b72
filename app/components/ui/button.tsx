/**
 * Buttons and button-styled links in the site's three variants: `primary` (brass, the main
 * call to action), `secondary` (navy outline) and `inverse` (white outline on dark heroes).
 * Links render as React Router `<Link>`s so they work without JavaScript.
 */
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '~/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'inverse' | 'navy' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brass-500 text-navy-950 hover:bg-brass-400 shadow-sm',
  navy: 'bg-navy-900 text-white hover:bg-navy-800 shadow-sm',
  secondary: 'border border-navy-300 bg-surface text-navy-900 hover:border-navy-500 hover:bg-navy-50',
  inverse: 'border border-white/60 text-white hover:bg-white/10',
  ghost: 'text-navy-800 hover:bg-navy-50',
};
const sizes: Record<ButtonSize, string> = {
  // A phone's tap target is at least 44px tall; from 640px wide a small button may be 36px.
  sm: 'h-11 px-3.5 text-sm sm:h-9',
  md: 'h-11 px-5 text-sm',
  lg: 'h-13 px-7 text-base',
};

/** The class list of a button of the given variant and size. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold tracking-wide transition-colors',
    'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
    variants[variant],
    sizes[size],
    className,
  );
}

/**
 * The class list of an icon-only button or link (edit, download, delete …): 44px square on
 * phones, 36px from 640px wide; `danger` turns red on hover.
 */
export function iconButtonClasses(tone: 'neutral' | 'danger' = 'neutral', className?: string) {
  return cn(
    'inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted sm:size-9',
    tone === 'danger' ? 'hover:bg-red-50 hover:text-danger' : 'hover:bg-navy-50 hover:text-navy-900',
    className,
  );
}

interface Styled {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A `<button>` (type="button" unless given). */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Styled) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & Styled) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
