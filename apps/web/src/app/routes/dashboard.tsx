import { PlaceholderPage } from '@/components/placeholder-page';

export function DashboardRoute() {
  return <PlaceholderPage title="Dashboard" line="Din översikt kommer snart." />;
}
