import { PageHeader } from '@/components/page-header';

/** The frame every account sub-page shares: its title, a way back on phones, its cards. */
export function AccountPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid w-full max-w-3xl gap-5">
      <PageHeader
        title={title}
        description={description}
        back={{ to: '/account', label: 'Mina sidor' }}
        className="mb-1"
      />
      {children}
    </div>
  );
}
