import { Construction } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from './page-header';

type PlaceholderPageProps = {
  title: string;
  /** One line about what will live here. */
  line: string;
  back?: { to: string; label: string };
};

/** Stands in for a screen that a later issue builds, so routes, guards and links already work. */
export function PlaceholderPage({ title, line, back }: PlaceholderPageProps) {
  return (
    <section>
      <PageHeader title={title} back={back} />
      <Card>
        <CardContent className="flex items-start gap-3 text-muted-foreground">
          <Construction className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{line}</p>
        </CardContent>
      </Card>
    </section>
  );
}
