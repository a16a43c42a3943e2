import type { ReactNode } from 'react';

/**
 * A card that is a section of its screen, named by its heading: screen
 * readers list it among the page's regions under that name.
 */
export function CardSection({
  headingId,
  title,
  className,
  headingClassName = 'text-lg font-semibold',
  children,
}: {
  headingId: string;
  title: ReactNode;
  /** Classes besides `card` (spacing, layout). */
  className?: string | undefined;
  headingClassName?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className ? `card ${className}` : 'card'}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
