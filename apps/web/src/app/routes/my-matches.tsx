import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { isMyMatchesTab, MyMatchesTabs } from '@/features/saved-matches/components/my-matches-tabs';

/**
 * /my-matches/{tab}: an unknown tab falls back to the created protocols
 * (docs/spec/2-matches-protocols-admin.md §2).
 */
export function MyMatchesRoute() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!isMyMatchesTab(tab)) return <Navigate to="/my-matches/created-protocols" replace />;
  return (
    <section>
      <PageHeader
        title="Mina matcher"
        description="Protokoll du har påbörjat och protokoll du har sparat."
      />
      <MyMatchesTabs tab={tab} onTabChange={(next) => navigate(`/my-matches/${next}`)} />
    </section>
  );
}
