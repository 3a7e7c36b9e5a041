import { z } from 'zod';
import {
  isTutorialPageKey,
  TUTORIAL_MAX_STEP,
  TUTORIAL_PAGE_KEYS,
  type TutorialPageKey,
  type TutorialState,
} from './tutorial-state';

// Tutorials (docs/spec/2-matches-protocols-admin.md §3 tutorial state and page keys,
// §4 transitions, §5 step clamping, §7 the status read and write, §8 texts). Shared by GET/PUT
// /api/account/tutorials and the web's guides.

export * from './tutorial-state';

export const TutorialPageKeySchema = z.enum(TUTORIAL_PAGE_KEYS);

const unknownPageMessage = (key: string) =>
  `Okänd sida för guiden: '${key.slice(0, 40)}'. Giltiga sidor: ${TUTORIAL_PAGE_KEYS.join(', ')}.`;

export const TutorialPageStateSchema = z.object({
  completed: z.boolean(),
  /** The step the user is on (0 when not started or after finishing). */
  step: z.number().int(),
});

export const TutorialStateSchema = z.object({
  introCompleted: z.boolean(),
  /** Every page key, each with its own completion and step. */
  pages: z.record(TutorialPageKeySchema, TutorialPageStateSchema),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<T extends true> = T;
/**
 * Compiles only while the schemas describe the state as tutorial-state.ts's types do: a change
 * made to one and not to the other fails the typecheck.
 */
export type TutorialSchemasAgree = [
  Agrees<Same<z.infer<typeof TutorialStateSchema>, TutorialState>>,
  Agrees<Same<z.infer<typeof TutorialPageKeySchema>, TutorialPageKey>>,
];

/** Reply of GET and PUT /api/account/tutorials (docs/spec/2-matches-protocols-admin.md §7). */
export const TutorialStatusSchema = z.object({ tutorial: TutorialStateSchema });
export type TutorialStatus = z.infer<typeof TutorialStatusSchema>;

const booleanField = (name: string) =>
  z.boolean({ message: `${name} ska vara true eller false.` }).optional();

const StepSchema = z
  .number({ message: `step ska vara ett heltal mellan 0 och ${TUTORIAL_MAX_STEP}.` })
  .int({ message: `step ska vara ett heltal mellan 0 och ${TUTORIAL_MAX_STEP}.` })
  .min(0, { message: `step ska vara ett heltal mellan 0 och ${TUTORIAL_MAX_STEP}.` })
  .max(TUTORIAL_MAX_STEP, {
    message: `step ska vara ett heltal mellan 0 och ${TUTORIAL_MAX_STEP}.`,
  });

/** One page's progress as a device reports it: either field may be left out. */
export const TutorialPageUpdateSchema = z.strictObject(
  { completed: booleanField('completed'), step: StepSchema.optional() },
  { message: 'Varje sida ska vara ett objekt med completed och/eller step.' },
);
export type TutorialPageUpdate = z.infer<typeof TutorialPageUpdateSchema>;

const PagesUpdateSchema = z
  .record(z.string(), TutorialPageUpdateSchema, {
    message: 'pages ska vara ett objekt med en nyckel per sida.',
  })
  .superRefine((pages, ctx) => {
    for (const key of Object.keys(pages)) {
      if (!isTutorialPageKey(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: unknownPageMessage(key) });
      }
    }
  })
  .transform((pages) => pages as Partial<Record<TutorialPageKey, TutorialPageUpdate>>);

const ONE_FORM_MESSAGE =
  'Skicka en av formerna {tutorial}, {resetIntro}, {resetAllPages, resetIntro} eller {pageName}.';

/**
 * PUT /api/account/tutorials, one of four forms (docs/spec/2-matches-protocols-admin.md §7):
 * - `{ tutorial: { introCompleted?, pages?: { <key>: { completed?, step? } } } }`: progress from a
 *   device, merged page by page. It only ever adds a completion; taking one back is a reset.
 * - `{ resetIntro: true }`: the intro shows again at the next login.
 * - `{ resetAllPages: true, resetIntro: boolean }`: every page guide again, and the intro if true.
 * - `{ pageName: <key> }`: that page's guide again.
 */
export const TutorialUpdateBodySchema = z
  .strictObject(
    {
      tutorial: z
        .strictObject(
          { introCompleted: booleanField('introCompleted'), pages: PagesUpdateSchema.optional() },
          { message: 'tutorial ska vara ett objekt med introCompleted och/eller pages.' },
        )
        .optional(),
      resetIntro: booleanField('resetIntro'),
      resetAllPages: booleanField('resetAllPages'),
      pageName: z
        .string({ message: 'pageName ska vara en sidnyckel.' })
        .max(100, { message: 'pageName ska vara en sidnyckel.' })
        .refine(isTutorialPageKey, { error: (issue) => unknownPageMessage(String(issue.input)) })
        .optional(),
    },
    { message: ONE_FORM_MESSAGE },
  )
  .superRefine((body, ctx) => {
    const forms = [
      body.tutorial !== undefined,
      body.resetAllPages !== undefined,
      body.pageName !== undefined,
      body.resetIntro !== undefined && body.resetAllPages === undefined,
    ].filter(Boolean).length;
    if (forms !== 1) {
      ctx.addIssue({ code: 'custom', path: [], message: ONE_FORM_MESSAGE });
      return;
    }
    if (body.resetAllPages === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['resetAllPages'],
        message: 'resetAllPages ska vara true (och resetIntro true eller false).',
      });
    }
    if (body.resetIntro === false && body.resetAllPages === undefined) {
      ctx.addIssue({ code: 'custom', path: ['resetIntro'], message: 'resetIntro ska vara true.' });
    }
  });
export type TutorialUpdateBody = z.infer<typeof TutorialUpdateBodySchema>;
