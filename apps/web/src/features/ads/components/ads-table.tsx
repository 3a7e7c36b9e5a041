import { AD_BANNER_HEIGHT, AD_BANNER_WIDTH, type Ad, type Role } from '@speedway/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import {
  formatCount,
  formatCtr,
  MODERATION_LABELS,
  PACKAGE_LABELS,
  STATUS_LABELS,
} from '../lib/ad-labels';
import { AdActions } from './ad-actions';

const COLUMNS = [
  'Titel',
  'Klubb',
  'Paket',
  'Period',
  'Status',
  'Granskning',
  'Visningar',
  'Klick',
  'CTR',
  'Åtgärder',
] as const;
type Column = (typeof COLUMNS)[number];

const SKELETON_ROWS = 3;

// One table: on wide screens a table, on phones each row a card with its labels shown.
const rowClass =
  'grid grid-cols-6 gap-x-4 gap-y-3 rounded-xl border bg-card p-4 shadow-xs md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:shadow-none md:last:border-b-0';

function Cell({
  column,
  children,
  className,
}: {
  column: Column;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <td className={cn('min-w-0 align-middle md:px-3 md:py-3', className)}>
      <span className="mb-0.5 block text-xs text-muted-foreground md:hidden">{column}</span>
      {children}
    </td>
  );
}

const MODERATION_BADGE: Record<Ad['moderation_status'], string> = {
  pending: 'border-warning/60 bg-warning/15 text-amber-800 dark:text-warning',
  approved: 'border-transparent bg-success/15 text-success',
  rejected: 'border-transparent bg-destructive/10 text-destructive',
};

type ClubName = (slug: string) => string;

function AdRow({ ad, role, clubName }: { ad: Ad; role: Role; clubName: ClubName }) {
  return (
    <tr className={rowClass}>
      <Cell column="Titel" className="col-span-6 md:max-w-64">
        <span className="font-semibold break-words">{ad.title}</span>
        {/* What a moderator approves: the banner and where it leads, as stored now. */}
        <img
          src={ad.image_url}
          alt={`Bild: ${ad.title}`}
          width={AD_BANNER_WIDTH / 2}
          height={AD_BANNER_HEIGHT / 2}
          loading="lazy"
          className="mt-1.5 block rounded border bg-muted object-contain"
        />
        <a
          href={ad.click_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mt-1 block text-xs break-all text-muted-foreground underline-offset-2 hover:underline"
        >
          {ad.click_url}
        </a>
      </Cell>
      <Cell column="Klubb" className="col-span-3 break-words">
        {ad.club_slug ? clubName(ad.club_slug) : '–'}
      </Cell>
      <Cell column="Paket" className="col-span-3">
        {PACKAGE_LABELS[ad.package]}
      </Cell>
      <Cell column="Period" className="col-span-6">
        <span className="whitespace-nowrap">{formatDate(ad.start_date)}</span> –{' '}
        <span className="whitespace-nowrap">{formatDate(ad.end_date)}</span>
      </Cell>
      <Cell column="Status" className="col-span-3">
        <Badge variant={ad.status === 'active' ? 'success' : 'secondary'}>
          {STATUS_LABELS[ad.status]}
        </Badge>
      </Cell>
      <Cell column="Granskning" className="col-span-3">
        <Badge variant="outline" className={MODERATION_BADGE[ad.moderation_status]}>
          {MODERATION_LABELS[ad.moderation_status]}
        </Badge>
      </Cell>
      <Cell column="Visningar" className="col-span-2 tabular-nums md:text-right">
        {formatCount(ad.impressions)}
      </Cell>
      <Cell column="Klick" className="col-span-2 tabular-nums md:text-right">
        {formatCount(ad.clicks)}
      </Cell>
      <Cell column="CTR" className="col-span-2 tabular-nums md:text-right">
        {formatCtr(ad.ctr)}
      </Cell>
      <Cell column="Åtgärder" className="col-span-6">
        <AdActions ad={ad} role={role} />
      </Cell>
    </tr>
  );
}

function SkeletonRow() {
  return (
    <tr className={rowClass} aria-hidden="true">
      {COLUMNS.map((column) => (
        <td
          key={column}
          className={cn(
            'col-span-3 md:px-3 md:py-4',
            (column === 'Titel' || column === 'Period' || column === 'Åtgärder') && 'col-span-6',
          )}
        >
          <Skeleton className={cn('h-4', column === 'Åtgärder' ? 'w-40' : 'w-full min-w-10')} />
        </td>
      ))}
    </tr>
  );
}

/**
 * The ads list (docs/spec/2-matches-protocols-admin.md §2): title (with the image and click URL a
 * moderator reviews), club by name, package, period, status, moderation, counts, actions.
 */
export function AdsTable({
  ads,
  role,
  clubName,
}: {
  ads: Ad[] | undefined;
  role: Role;
  /** The club's name for its slug (the route knows the teams). */
  clubName: ClubName;
}) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:bg-card md:shadow-sm">
      <table className="block w-full text-sm md:table" aria-busy={ads ? undefined : true}>
        <caption className="sr-only">Annonser</caption>
        <thead className="hidden md:table-header-group">
          <tr className="border-b bg-muted/50 text-left text-xs tracking-wide text-muted-foreground uppercase">
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-3 py-2.5 font-semibold whitespace-nowrap',
                  (column === 'Visningar' || column === 'Klick' || column === 'CTR') &&
                    'text-right',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group">
          {ads
            ? ads.map((ad) => <AdRow key={ad.id} ad={ad} role={role} clubName={clubName} />)
            : Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)}
        </tbody>
      </table>
    </div>
  );
}
