import { MailCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { TwoFactorChallenge } from '../api/login';
import { useLogoutNotice } from '../hooks/use-logout-notice';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

// Shown only after the server asks for a code; it loads with the login call's reply (zod and the
// verify call), so /auth starts without it.
const TwoFactorForm = lazy(() =>
  import('./two-factor-form').then((module) => ({ default: module.TwoFactorForm })),
);

type Tab = 'login' | 'register';

/** /auth: the login and registration tabs, and the two-factor step when the account needs it. */
export function AuthScreen() {
  useLogoutNotice();
  const [tab, setTab] = useState<Tab>('login');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null);

  if (challenge) {
    return (
      <AuthCard
        title="Tvåstegsverifiering"
        description="Kontot skyddas med tvåfaktorsautentisering."
      >
        <Suspense fallback={<Spinner className="mx-auto size-6" />}>
          <TwoFactorForm challenge={challenge} onCancel={() => setChallenge(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={tab === 'login' ? 'Välkommen tillbaka' : 'Skapa konto'}
      description="Matchprotokoll för Speedway Elitserien."
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="login">Logga in</TabsTrigger>
          <TabsTrigger value="register">Registrera</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="grid gap-4">
          {registered ? (
            <Alert variant="success">
              <MailCheck aria-hidden="true" />
              <AlertDescription>{registered.message}</AlertDescription>
            </Alert>
          ) : null}
          <LoginForm
            // A new registration remounts the form with the e-mail filled in.
            key={registered?.email ?? ''}
            defaultEmail={registered?.email}
            onTwoFactorRequired={setChallenge}
          />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm
            onRegistered={(email, message) => {
              setRegistered({ email, message });
              setTab('login');
            }}
          />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
