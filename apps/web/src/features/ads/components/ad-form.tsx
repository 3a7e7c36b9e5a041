import {
  AD_PACKAGES,
  AD_TITLE_MAX,
  AdFormBodySchema,
  DEFAULT_AD_PACKAGE,
  isHttpUrl,
  type Ad,
  type AdFormBody,
  type AdPackage,
} from '@speedway/contracts';
import { Info } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useCreateAd } from '../api/create-ad';
import { useUpdateAd } from '../api/update-ad';
import { PACKAGE_LABELS } from '../lib/ad-labels';
import { BANNER_HEIGHT, BANNER_WIDTH } from '../lib/banner-config';

type Values = {
  title: string;
  image_url: string;
  click_url: string;
  start_date: string;
  end_date: string;
  package: AdPackage;
};

function initialValues(ad: Ad | undefined): Values {
  return {
    title: ad?.title ?? '',
    image_url: ad?.image_url ?? '',
    click_url: ad?.click_url ?? '',
    start_date: ad?.start_date ?? '',
    end_date: ad?.end_date ?? '',
    package: ad?.package ?? DEFAULT_AD_PACKAGE,
  };
}

/**
 * What the form sends: the package only from a super_admin (docs/spec/2-matches-protocols-admin.md
 * §5, §7).
 */
export function adFormBody(values: Values, superAdmin: boolean) {
  const { package: adPackage, ...rest } = values;
  return validate(AdFormBodySchema, superAdmin ? { ...rest, package: adPackage } : rest);
}

type AdFormProps = {
  /** The ad being edited; absent for a new one. */
  ad?: Ad;
  superAdmin: boolean;
};

/**
 * The ad form (/admin/ads/new and /admin/ads/{adId}/edit): title, image and click URLs, the
 * period, and for a super_admin the package. Checked with the server's schema before sending;
 * a second submit while saving is ignored.
 */
export function AdForm({ ad, superAdmin }: AdFormProps) {
  const navigate = useNavigate();
  const create = useCreateAd();
  const update = useUpdateAd();
  const [values, setValues] = useState(() => initialValues(ad));
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  // isPending is only seen on the next render; two quick submits must not both go out.
  const saving = useRef(false);
  const pending = create.isPending || update.isPending;

  // A field's error goes once it is edited; the next submit checks it again.
  const set = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    const result = adFormBody(values, superAdmin);
    setErrors(result.errors ?? {});
    if (!result.data) return;
    saving.current = true;
    const callbacks = {
      onSuccess: () => {
        toast.success(ad ? 'Annons uppdaterad' : 'Annons skapad');
        void navigate('/admin/ads');
      },
      onError: (error: unknown) =>
        toast.error('Fel', { description: serverMessageOr(error, 'Kunde inte spara annonsen.') }),
      onSettled: () => {
        saving.current = false;
      },
    };
    const body: AdFormBody = result.data;
    if (ad) update.mutate({ id: ad.id, body }, callbacks);
    else create.mutate(body, callbacks);
  };

  const reviewedAgain = !superAdmin && ad?.moderation_status === 'approved';

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      {reviewedAgain ? (
        <Alert>
          <Info aria-hidden="true" />
          <AlertDescription>
            Annonsen är godkänd. Ändrar du den granskas den igen innan den visas.
          </AlertDescription>
        </Alert>
      ) : null}
      <Field label="Titel" error={errors.title}>
        <Input
          name="title"
          required
          maxLength={AD_TITLE_MAX}
          value={values.title}
          onChange={set('title')}
        />
      </Field>
      <Field
        label="Bildadress (URL)"
        hint={`En bild i ${BANNER_WIDTH} × ${BANNER_HEIGHT} px, adressen börjar med https://.`}
        error={errors.image_url}
      >
        <Input
          name="image_url"
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          value={values.image_url}
          onChange={set('image_url')}
        />
      </Field>
      <ImagePreview url={values.image_url.trim()} title={values.title.trim()} />
      <Field
        label="Länkadress (URL)"
        hint="Sidan som öppnas när någon klickar på annonsen."
        error={errors.click_url}
      >
        <Input
          name="click_url"
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          value={values.click_url}
          onChange={set('click_url')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Startdatum" error={errors.start_date}>
          <Input
            name="start_date"
            type="date"
            required
            value={values.start_date}
            onChange={set('start_date')}
          />
        </Field>
        <Field label="Slutdatum" error={errors.end_date}>
          <Input
            name="end_date"
            type="date"
            required
            value={values.end_date}
            onChange={set('end_date')}
          />
        </Field>
      </div>
      {superAdmin ? (
        <Field label="Paket" error={errors.package}>
          <select
            name="package"
            value={values.package}
            onChange={(event) =>
              setValues((current) => ({ ...current, package: event.target.value as AdPackage }))
            }
            className="h-11 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 md:text-sm"
          >
            {AD_PACKAGES.map((value) => (
              <option key={value} value={value}>
                {PACKAGE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/admin/ads">Avbryt</Link>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {ad ? 'Spara ändringar' : 'Skapa annons'}
        </Button>
      </div>
    </form>
  );
}

/** The image as the banner will show it, once the address looks like one. */
function ImagePreview({ url, title }: { url: string; title: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isHttpUrl(url)) return null;
  return (
    <div className="grid gap-1.5">
      <p className="text-[13px] text-muted-foreground">Förhandsvisning</p>
      <div className="h-[60px] w-full max-w-[320px] overflow-hidden rounded-md border bg-card">
        {failed === url ? (
          <p className="flex size-full items-center justify-center px-3 text-center text-xs text-muted-foreground">
            Bilden kunde inte visas. Annonsen visar då titeln i stället.
          </p>
        ) : (
          <img
            src={url}
            alt={title || 'Annonsbild'}
            width={BANNER_WIDTH}
            height={BANNER_HEIGHT}
            className="size-full object-cover"
            onError={() => setFailed(url)}
          />
        )}
      </div>
    </div>
  );
}
