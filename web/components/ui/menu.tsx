import type { ComponentProps } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

/**
 * Styled pieces of a Radix dropdown menu (keyboard navigation, focus return and Escape come from
 * Radix). Use with DropdownMenu.Root and DropdownMenu.Trigger.
 */
export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className={cn('z-50 min-w-56 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg', className)}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm outline-none select-none',
        'data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
