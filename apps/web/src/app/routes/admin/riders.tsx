import { PageHeader } from '@/components/page-header';
import { RiderIdentitiesView } from '@/features/statistics/components/rider-identities-view';

/**
 * /admin/riders (super_admin only, RequireSuperAdmin in router.tsx): the riders' identities across
 * teams and seasons (issue 28 §1), two merged when they are one person, an entry split out when a
 * merge was wrong.
 */
export function AdminRidersRoute() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Förare"
        description="Varje förare är en person över lag och säsonger, kopplad efter namn vid varje import. Slå ihop två förare som är samma person, eller dela ut en post som hamnat fel. Statistiken räknas om direkt."
        className="mb-0"
      />
      <RiderIdentitiesView />
    </div>
  );
}
