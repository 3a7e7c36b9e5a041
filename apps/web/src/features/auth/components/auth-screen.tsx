import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { TwoFactorChallenge } from '../api/login';
import { useLogoutNotice } from '../hooks/use-logout-notice';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { TwoFactorForm } from './two-factor-form';

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
        <TwoFactorForm challenge={challenge} onCancel={() => setChallenge(null)} />
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
