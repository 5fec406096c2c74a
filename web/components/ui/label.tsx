import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A form label, as Radix's Label (which it replaces, to keep that library out of the sign-in page's
 * first load): a double click on the label does not select its text, while a click on a control
 * inside it behaves as usual.
 */
export function Label({ className, htmlFor, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- only keeps a double click from selecting the text; the label's click still goes to its control
    <label
      className={cn('text-sm font-medium text-foreground', className)}
      htmlFor={htmlFor}
      {...props}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
