import { useEffect, useState, type ReactNode } from "react";
import { Box, Button, Callout, Card, CheckboxGroup, Flex, Grid, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import type { DurationMinutes } from "@convex/framework/validators";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { AvailabilityEditor } from "./AvailabilityEditor";
import { OutsideHoursWarning } from "./OutsideHoursWarning";
import "./profileEditor.css";
import { ProfilePreview } from "./ProfilePreview";
import { ConsultationTypesChoice, DurationPrices, TYPES_ERROR_ID } from "./OfferEditor";
import {
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  priceField,
  SPECIALIZATIONS,
  SPECIALTIES,
  YEARS_MAX,
  YEARS_MIN,
  formFromProfile,
  validateProfileForm,
  type FieldErrors,
  type OwnProfile,
  type ProfileArgs,
  type ProfileFormValues,
} from "./profileForm";

type Props = {
  profile: OwnProfile;
  /** The `psychic_approval_required` switch: what publishing leads to, said beside the button. */
  approvalRequired?: boolean;
  /** Resolve true when the server accepted the values (the page shows the toasts). */
  onSave: (args: ProfileArgs) => Promise<boolean>;
  onPublish: (args: ProfileArgs) => Promise<boolean>;
};

type Failure = { summary: string; fieldErrors: FieldErrors };

/**
 * The profile form, editable at once. Until it is changed it follows the saved profile live; a change
 * starts a draft that 'Scarta le modifiche' drops. Beside it, the public card as the draft stands.
 */
export function ProfileEditor({ profile, approvalRequired = false, onSave, onPublish }: Props) {
  const saved = formFromProfile(profile);
  const [draft, setDraft] = useState<ProfileFormValues | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<"save" | "publish" | null>(null);
  const values = draft ?? saved;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const errors = failure?.fieldErrors ?? {};
  const plan = publishPlan(profile, approvalRequired);

  const update = (patch: Partial<ProfileFormValues>) => setDraft((current) => ({ ...(current ?? saved), ...patch }));

  // Leaving the page (closing the tab, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const submit = async (kind: "save" | "publish") => {
    const result = validateProfileForm(values);
    if (!result.ok) {
      setFailure({ summary: result.summary, fieldErrors: result.fieldErrors });
      return;
    }
    setFailure(null);
    setBusy(kind);
    try {
      const accepted = await (kind === "save" ? onSave : onPublish)(result.args);
      if (accepted) setDraft(null);
    } finally {
      setBusy(null);
    }
  };

  const toggleDuration = (minutes: DurationMinutes, on: boolean) =>
    update({
      availableDurations: on
        ? [...values.availableDurations.filter((value) => value !== minutes), minutes].sort((a, b) => a - b)
        : values.availableDurations.filter((value) => value !== minutes),
    });

  return (
    <form
      aria-label="Profilo del cartomante"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(plan.primary === "save" ? "save" : "publish");
      }}
    >
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", md: "minmax(0, 1fr) 340px" }} gap="4" align="start">
          <Flex direction="column" gap="4">
            <Section title="Informazioni">
              <Grid columns={{ initial: "1", sm: "3" }} gap="4">
                <Box gridColumn={{ sm: "span 2" }}>
                  <Field id="psychicName" label="Nome" error={errors.psychicName}>
                    <TextField.Root
                      id="psychicName"
                      value={values.psychicName}
                      aria-invalid={errors.psychicName ? true : undefined}
                      aria-describedby={errors.psychicName ? "psychicName-error" : undefined}
                      onChange={(event) => update({ psychicName: event.target.value })}
                    />
                  </Field>
                </Box>
                <Field id="yearsExperience" label="Anni di esperienza" error={errors.yearsExperience}>
                  <TextField.Root
                    id="yearsExperience"
                    type="number"
                    inputMode="numeric"
                    min={YEARS_MIN}
                    max={YEARS_MAX}
                    step={1}
                    value={values.yearsExperience}
                    aria-invalid={errors.yearsExperience ? true : undefined}
                    aria-describedby={errors.yearsExperience ? "yearsExperience-error" : undefined}
                    onChange={(event) => update({ yearsExperience: event.target.value })}
                  />
                </Field>
              </Grid>
              <Field id="bio" label="Biografia" error={errors.bio}>
                <TextArea
                  id="bio"
                  rows={6}
                  value={values.bio}
                  placeholder="Racconta chi sei, come lavori e con quali strumenti."
                  aria-invalid={errors.bio ? true : undefined}
                  aria-describedby={errors.bio ? "bio-error" : undefined}
                  onChange={(event) => update({ bio: event.target.value })}
                />
              </Field>
            </Section>

            <Section title="Specialità" error={errors.specialties} errorId="specialties-error">
              <NameChoices
                name="specialties"
                label="Specialità"
                options={SPECIALTIES}
                value={values.specialties}
                onChange={(specialties) => update({ specialties })}
              />
            </Section>

            <Section title="Specializzazioni">
              <NameChoices
                name="specializations"
                label="Specializzazioni"
                options={SPECIALIZATIONS}
                value={values.specializations}
                onChange={(specializations) => update({ specializations })}
              />
            </Section>

            <Section title="Tipi di consulto" error={errors.consultationTypes} errorId={TYPES_ERROR_ID}>
              <ConsultationTypesChoice
                value={values.consultationTypes}
                error={errors.consultationTypes}
                onChange={(consultationTypes) => update({ consultationTypes })}
              />
            </Section>

            <Section title="Durate e prezzi" error={errors.availableDurations} errorId="durations-error">
              <Text as="p" size="2" color="gray">
                Prezzi finali in euro, IVA inclusa: da {PRICE_MIN} € a {PRICE_MAX} €, a multipli di {PRICE_STEP} €. Ogni durata scelta ha un prezzo per
                ogni tipo di consulto che offri.
              </Text>
              <DurationPrices
                values={values}
                errors={errors}
                onToggleDuration={toggleDuration}
                onPrice={(type, minutes, typed) => update({ [priceField[type]]: { ...values[priceField[type]], [`${minutes}`]: typed } })}
              />
            </Section>

            <Section title="Disponibilità settimanale">
              <Text as="p" size="2" color="gray">
                Per ogni giorno aperto indica le fasce orarie in cui ricevi consulti (ora italiana).
              </Text>
              <AvailabilityEditor value={values.availability} onChange={(availability) => update({ availability })} errors={errors} />
              <OutsideHoursWarning
                availability={values.availability}
                changed={JSON.stringify(values.availability) !== JSON.stringify(saved.availability)}
              />
            </Section>
          </Flex>
          <Box className="profile-preview-column">
            <ProfilePreview profile={profile} values={values} />
          </Box>
        </Grid>
        {/* Sticks to the bottom of the window while the long form scrolls, so the actions and the error stay in view. */}
        <Box position="sticky" bottom="0" py="3" style={{ background: "var(--color-background)", zIndex: 1 }}>
          <Flex direction="column" gap="3">
            {failure ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{failure.summary}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Flex gap="3" wrap="wrap" justify="end" align="center">
              <Text id="publish-effect" size="2" color="gray" style={{ flex: "1 1 240px" }}>
                {plan.effect}
              </Text>
              <PendingWriteMark pending={busy !== null} />
              <Button
                type="button"
                variant="ghost"
                color="gray"
                size="3"
                disabled={!dirty || busy !== null}
                onClick={() => {
                  setDraft(null);
                  setFailure(null);
                }}
              >
                Scarta le modifiche
              </Button>
              {plan.draftSave ? (
                <Button type="button" variant="soft" size="3" loading={busy === "save"} disabled={busy !== null} onClick={() => void submit("save")}>
                  Salva come bozza
                </Button>
              ) : null}
              <Button
                type="submit"
                size="3"
                loading={busy !== null && busy === plan.primary}
                disabled={busy !== null}
                aria-describedby="publish-effect"
              >
                {plan.primary === "save" ? "Salva le modifiche" : "Salva e pubblica"}
              </Button>
            </Flex>
          </Flex>
        </Box>
      </Flex>
    </form>
  );
}

function Section({ title, children, error, errorId }: { title: string; children: ReactNode; error?: string; errorId?: string }) {
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {children}
          {error ? (
            <Text id={errorId} size="2" color="red">
              {error}
            </Text>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** A fixed list of names as checkboxes; the chosen ones are kept in the list's own order. */
function NameChoices<Name extends string>(props: {
  name: string;
  label: string;
  options: readonly Name[];
  value: Name[];
  onChange: (value: Name[]) => void;
}) {
  const { options, onChange } = props;
  return (
    <CheckboxGroup.Root
      name={props.name}
      aria-label={props.label}
      value={props.value}
      onValueChange={(next) => onChange(options.filter((name) => next.includes(name)))}
    >
      <Grid columns={{ initial: "1", xs: "2", sm: "4" }} gap="2">
        {options.map((name) => (
          <CheckboxGroup.Item key={name} value={name}>
            {name}
          </CheckboxGroup.Item>
        ))}
      </Grid>
    </CheckboxGroup.Root>
  );
}

type PublishPlan = { primary: "publish" | "save"; draftSave: boolean; effect: string };

/**
 * What the buttons do for this profile, and the line that says what visitors will see
 * (docs/product-rules.md, "Psychics"). A listed profile has no private save: every save is public.
 */
function publishPlan(profile: Pick<OwnProfile, "profileStatus" | "isPubliclyVisible" | "suspension">, approvalRequired: boolean): PublishPlan {
  if (profile.suspension) {
    return {
      primary: "save",
      draftSave: false,
      effect: "Il profilo è sospeso: le modifiche vengono salvate, ma i clienti non lo vedono finché la sospensione non viene revocata.",
    };
  }
  const approved = profile.profileStatus === "approved";
  if (approved && profile.isPubliclyVisible) {
    return {
      primary: "publish",
      draftSave: false,
      effect: approvalRequired
        ? "Nome, biografia e foto nuovi tornano in revisione: finché l'amministratore non li approva, i clienti vedono quelli approvati. Specialità, prezzi e orari cambiano subito."
        : "Il profilo è pubblico: i clienti vedranno subito le modifiche.",
    };
  }
  return {
    primary: "publish",
    draftSave: true,
    effect: approved
      ? "Il profilo è nascosto: 'Salva e pubblica' lo rende di nuovo visibile ai clienti, 'Salva come bozza' lo lascia nascosto."
      : approvalRequired
        ? "Con 'Salva e pubblica' il profilo va all'amministratore: i clienti lo vedranno come nell'anteprima dopo l'approvazione. 'Salva come bozza' lo tiene solo per te."
        : "Con 'Salva e pubblica' i clienti vedranno subito il profilo come nell'anteprima. 'Salva come bozza' lo tiene solo per te.",
  };
}
