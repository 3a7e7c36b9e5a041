import { PlaceholderPage } from '@/components/placeholder-page';

export function MatchesRoute() {
  return (
    <PlaceholderPage
      title="Matcher"
      line="Kommande officiella matcher och nya matchprotokoll visas här snart."
    />
  );
}
