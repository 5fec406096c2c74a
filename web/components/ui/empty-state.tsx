import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/**
 * What a list shows when it has nothing to show. With a title it is a small centred notice (an icon,
 * the title as a heading, a line below); without one, only the line, for lists inside a page section.
 * `headingLevel` keeps the page's outline: 2 directly under a page's title, 3 inside a section.
 */
export function EmptyState({
  title,
  description,
  icon = <Inbox />,
  headingLevel = 3,
  className,
}: {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  if (!title) return <Card className={cn('p-6 text-center text-muted-foreground', className)}>{description}</Card>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('flex flex-col items-center gap-2 px-6 py-10 text-center', className)}>
      <div className="text-muted-foreground [&_svg]:size-10" aria-hidden>
        {icon}
      </div>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
    </Card>
  );
}
