import { SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError, serverMessageOr } from '@/lib/api-client';

/** A 404 (or a malformed id, 400) names nobody: asking again cannot help. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * A rider's or a team's page that cannot be shown: the server's words for one that does not exist
 * ('Föraren finns inte.'), else the screen's and 'Försök igen'; the way out is the ranking.
 */
export function StatsLoadFailure({
  title,
  error,
  fallback,
  retry,
}: {
  title: string;
  error: unknown;
  /** The screen's words when the server gave none (offline, a failed call). */
  fallback: string;
  retry: () => void;
}) {
  const missing = isMissing(error);
  const Icon = missing ? SearchX : TriangleAlert;
  return (
    <section>
      <PageHeader title={title} back={{ to: '/statistik', label: 'Statistik' }} />
      <Card className="mx-auto max-w-md">
        <CardContent className="grid justify-items-center gap-4 py-6 text-center">
          <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p role="alert" className="font-semibold">
            {missing ? serverMessageOr(error, fallback) : fallback}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/statistik">Till förarstatistiken</Link>
            </Button>
            {missing ? null : (
              <Button variant="outline" onClick={retry}>
                Försök igen
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
