// 'Segnala': the client reports a consultation that has started or been held (a reason and a text,
// docs/product-rules.md, "Contact and admin"). The report reaches the team's inbox; the server checks
// the same rules again and takes one report per consultation.
import { useId, useState } from "react";
import { Badge, Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useMutation, useQuery } from "convex/react";
import * as z from "zod/mini";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { ReportReason } from "@convex/framework/validators";
import { REPORT_REASON_LABELS, REPORT_TEXT_LIMITS } from "@convex/model/consultationReports";
import { FieldError } from "@/components/form/FieldError";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { errorMessage } from "@/lib/text/errors";

const reasons = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

const reportSchema = z.object({
  reason: z.enum(reasons, { message: "Scegli il motivo della segnalazione." }),
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(REPORT_TEXT_LIMITS.min, `Descrivi cosa è successo in almeno ${REPORT_TEXT_LIMITS.min} caratteri.`),
      z.maxLength(REPORT_TEXT_LIMITS.max, `Puoi scrivere al massimo ${REPORT_TEXT_LIMITS.max} caratteri.`),
    ),
});

const reportMessages = {
  sent: "Segnalazione inviata",
  sentDetail: "Grazie: il nostro team la esaminerà e ti risponderà via email.",
  failed: "Impossibile inviare la segnalazione. Riprova.",
  reported: "Segnalato",
} as const;

type Props = { bookingId: Id<"bookings">; psychicName: string; when: string };

/** 'Segnala' on a consultation's row, or 'Segnalato' once the client has reported it. */
export function ReportConsultation(props: Props) {
  const reported = useQuery(api.consultationReports.listMineReported, {});
  // Until the list arrives nothing is offered: a consultation already reported must not invite a second report.
  if (reported === undefined) return null;
  if (reported.includes(props.bookingId)) {
    return (
      <Badge color="gray" variant="soft" highContrast>
        {reportMessages.reported}
      </Badge>
    );
  }
  return <ReportConsultationDialog {...props} />;
}

function ReportConsultationDialog({ bookingId, psychicName, when }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="2" variant="ghost" color="gray" aria-label={`Segnala il consulto con ${psychicName} del ${when}`} style={{ minHeight: 44 }}>
          <ExclamationTriangleIcon aria-hidden /> Segnala
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Segnala il consulto</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Consulto con {psychicName}, {when}. La segnalazione arriva al nostro team, che la esamina in modo riservato: il cartomante non vede chi l'ha
          inviata.
        </Dialog.Description>
        {open ? <ReportForm bookingId={bookingId} onDone={() => setOpen(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ReportForm({ bookingId, onDone }: { bookingId: Id<"bookings">; onDone: () => void }) {
  const report = useMutation(api.consultationReports.reportMine).withOptimisticUpdate((store, { bookingId: reportedId }) => {
    const reported = store.getQuery(api.consultationReports.listMineReported, {});
    const id = reportedId as Id<"bookings">;
    if (reported !== undefined && !reported.includes(id)) store.setQuery(api.consultationReports.listMineReported, {}, [id, ...reported]);
  });
  const [reason, setReason] = useState<string>("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; text?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const ids = { reason: useId(), reasonError: useId(), text: useId(), textHint: useId(), textError: useId() };

  const send = async () => {
    const parsed = reportSchema.safeParse({ reason: reason === "" ? undefined : reason, text });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await report({ bookingId, ...parsed.data });
      toast.success(reportMessages.sent, reportMessages.sentDetail);
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error, reportMessages.failed) });
    } finally {
      setSending(false);
    }
  };

  const length = text.trim().length;
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={ids.reason} size="2" weight="medium">
          Motivo
        </Text>
        <select
          id={ids.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? ids.reasonError : undefined}
          style={{ minHeight: 44, padding: "0 8px", borderRadius: "var(--radius-2)", font: "inherit" }}
        >
          <option value="">Scegli un motivo</option>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </option>
          ))}
        </select>
        <FieldError id={ids.reasonError} message={errors.reason} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={ids.text} size="2" weight="medium">
          Cosa è successo
        </Text>
        <TextArea
          id={ids.text}
          rows={5}
          value={text}
          maxLength={REPORT_TEXT_LIMITS.max}
          onChange={(event) => {
            setText(event.target.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={[ids.textHint, errors.text ? ids.textError : null].filter(Boolean).join(" ")}
        />
        <Text id={ids.textHint} size="1" color="gray" align="right">
          {length}/{REPORT_TEXT_LIMITS.max} caratteri (almeno {REPORT_TEXT_LIMITS.min})
        </Text>
        <FieldError id={ids.textError} message={errors.text} />
      </Flex>
      {errors.form ? (
        <Text as="p" size="2" color="red" role="alert">
          {errors.form}
        </Text>
      ) : null}
      <Flex gap="3" justify="end" align="center" wrap="wrap">
        <PendingWriteMark pending={sending} />
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Annulla
          </Button>
        </Dialog.Close>
        <Button color="red" highContrast onClick={() => void send()} disabled={sending}>
          {sending ? "Invio..." : "Invia la segnalazione"}
        </Button>
      </Flex>
    </Flex>
  );
}
