import { Children, cloneElement, isValidElement, useCallback, type ComponentProps, type ReactElement, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  accent: 'bg-accent text-accent-foreground hover:bg-accent-hover',
  outline: 'border border-border bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  // Icon buttons stay 44px square: a comfortable touch target on phones.
  icon: 'h-11 w-11',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the single child (e.g. a router <Link>) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

type Cleanup = void | (() => void);

function setRef<T>(ref: Ref<T> | undefined, value: T | null): Cleanup {
  if (typeof ref === 'function') return ref(value);
  if (ref) ref.current = value;
}

/**
 * Renders the single child element with these props merged in, as Radix's Slot does (which the
 * button used before; a few lines here keep it out of every page's first load): the child's own props
 * win, except that class names are joined, styles merged, aria-describedby ids combined and both
 * event handlers called, the child's first; both refs are set.
 */
function Slot({ children, ref, ...slotProps }: ComponentProps<'button'>) {
  const child = Children.only(children);
  const childProps = (isValidElement(child) ? child.props : {}) as Record<string, unknown> & { ref?: Ref<HTMLElement> };
  const childRef = childProps.ref;
  const composedRef = useCallback(
    (node: HTMLElement | null) => {
      const cleanups = [setRef(ref as Ref<HTMLElement> | undefined, node), setRef(childRef, node)];
      if (!cleanups.some((cleanup) => typeof cleanup === 'function')) return;
      return () => {
        cleanups.forEach((cleanup, index) => (typeof cleanup === 'function' ? cleanup() : setRef(index === 0 ? (ref as Ref<HTMLElement> | undefined) : childRef, null)));
      };
    },
    [ref, childRef],
  );
  if (!isValidElement(child)) throw new Error('Button with asChild expects a single element child.');

  const given = slotProps as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...childProps };
  for (const name in childProps) {
    const slotValue = given[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    else if (name === 'aria-describedby') {
      const ids = new Set([childValue, slotValue].flatMap((value) => (typeof value === 'string' ? value.trim().split(/\s+/).filter(Boolean) : [])));
      merged[name] = ids.size > 0 ? [...ids].join(' ') : undefined;
    }
  }
  return cloneElement(child as ReactElement<Record<string, unknown>>, { ...given, ...merged, ref: ref ? composedRef : childRef });
}
