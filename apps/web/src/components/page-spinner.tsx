import { Spinner } from '@/components/ui/spinner';

export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      <Spinner className="size-8" />
    </div>
  );
}
