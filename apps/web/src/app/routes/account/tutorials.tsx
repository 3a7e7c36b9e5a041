import { TutorialsSettings } from '@/features/tutorials/components/tutorials-settings';
import { AccountPage } from './account-page';

export function TutorialsRoute() {
  return (
    <AccountPage
      title="Snabbguider"
      description="Visa introduktionen och guiderna för varje sida igen."
    >
      <TutorialsSettings />
    </AccountPage>
  );
}
