import { Flag, House } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The 404 page, with a way back to the start of the area it is shown in. */
function NotFound({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-5 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Flag className="size-10" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">404 – Sidan finns inte</h1>
      <p className="text-muted-foreground">
        Sidan du letar efter har flyttats eller har aldrig funnits.
      </p>
      <Button asChild size="lg">
        <Link to={home}>
          <House aria-hidden="true" />
          {homeLabel}
        </Link>
      </Button>
    </section>
  );
}

export function NotFoundRoute() {
  return <NotFound home="/" homeLabel="Till startsidan" />;
}

/** An unknown path under /admin: inside the admin layout, without the app's guides. */
export function AdminNotFoundRoute() {
  return <NotFound home="/admin" homeLabel="Till översikten" />;
}
