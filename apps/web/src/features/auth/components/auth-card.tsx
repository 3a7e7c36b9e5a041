import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type AuthCardProps = {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
};

/** The narrow centred card every sign-in screen uses. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md py-2 md:py-8">
      <Card className="gap-6 py-6">
        <CardHeader className="px-6">
          <CardTitle className="text-2xl">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="px-6">{children}</CardContent>
      </Card>
      {footer ? <div className="mt-4 text-center text-sm">{footer}</div> : null}
    </div>
  );
}
