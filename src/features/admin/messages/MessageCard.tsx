import { useState } from "react";
import { Badge, Box, Button, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { ChatBubbleIcon, CheckIcon, EnvelopeClosedIcon, PaperPlaneIcon } from "@radix-ui/react-icons";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { Link as RouterLink } from "react-router-dom";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { paths } from "@/lib/paths";
import { formatRomeDateTime } from "@/lib/text/format";
import { AnswerForm } from "./AnswerForm";
import { ReportedChatDialog } from "./ReportedChatDialog";

type ContactMessage = FunctionReturnType<typeof api.admin.listMessages>["page"][number];
export type MessageStatus = ContactMessage["status"];

const statusBadges: Record<MessageStatus, { label: string; color: "red" | "amber" | "green" }> = {
  unread: { label: "Non letto", color: "red" },
  read: { label: "Letto", color: "amber" },
  replied: { label: "Risposto", color: "green" },
};

/**
 * A mailto link to exactly one address: every part encoded, so nothing stored in the address (a `?`,
 * an `&`) can add a Bcc or a body to the admin's reply. The server accepts no such address anyway.
 */
function mailtoHref(address: string, subject?: string): string {
  const to = address.split("@").map(encodeURIComponent).join("@");
  return subject === undefined ? `mailto:${to}` : `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}

/** The reply link: the sender's address with 'Re:' and the subject. */
function replyMailto(message: Pick<ContactMessage, "email" | "subject">): string {
  return mailtoHref(message.email, `Re: ${message.subject}`);
}

/** One message of the inbox with the moves it still allows (only forward: unread → read → replied). */
export function MessageCard({
  message,
  onMarkRead,
  onMarkReplied,
  pending = false,
}: {
  message: ContactMessage;
  onMarkRead: () => void;
  onMarkReplied: () => void;
  /** A change of this message's status still waits for the server. */
  pending?: boolean;
}) {
  const badge = statusBadges[message.status];
  const headingId = `message-${message.id}`;
  const [answering, setAnswering] = useState(false);
  return (
    <Card size="3" asChild>
      <article aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" minWidth="0">
              <Heading as="h2" size="4" id={headingId}>
                {message.subject}
              </Heading>
              <Text size="2" color="gray">
                {message.name} ·{" "}
                <Link href={mailtoHref(message.email)} size="2">
                  {message.email}
                </Link>{" "}
                · {message.userType === "psychic" ? "Cartomante" : "Cliente"}
              </Text>
            </Flex>
            <Flex gap="2" align="center" wrap="wrap">
              <Badge color="violet" variant="soft" highContrast>
                {message.categoryLabel}
              </Badge>
              <Badge color={badge.color} variant="soft" highContrast data-testid="message-status">
                {badge.label}
              </Badge>
            </Flex>
          </Flex>
          {message.report ? <ReportFacts report={message.report} /> : null}
          {message.report?.consultationType === "chat" ? <ReportedChatDialog bookingId={message.report.bookingId} /> : null}
          <Text size="1" color="gray" as="p">
            Ricevuto il <time dateTime={new Date(message.createdAt).toISOString()}>{formatRomeDateTime(message.createdAt)}</time>
          </Text>
          <Text as="p" size="3" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.message}
          </Text>
          <AnswerThread answers={message.answers ?? []} />
          {answering ? <AnswerForm messageId={message.id} email={message.email} onDone={() => setAnswering(false)} /> : null}
          <Flex gap="2" wrap="wrap" align="center">
            {!answering ? (
              <Button onClick={() => setAnswering(true)}>
                <ChatBubbleIcon /> Rispondi
              </Button>
            ) : null}
            {message.status === "unread" ? (
              <Button variant="soft" onClick={onMarkRead}>
                <CheckIcon /> Segna come letto
              </Button>
            ) : null}
            {message.status !== "replied" ? (
              <Button variant="soft" highContrast color="green" onClick={onMarkReplied}>
                <PaperPlaneIcon /> Segna come risposto
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a href={replyMailto(message)}>
                <EnvelopeClosedIcon /> Rispondi via email
              </a>
            </Button>
            <PendingWriteMark pending={pending} />
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}

/** The answers sent from the inbox, oldest first: who answered, when, and the text the sender received. */
function AnswerThread({ answers }: { answers: NonNullable<ContactMessage["answers"]> }) {
  if (answers.length === 0) return null;
  return (
    <Flex direction="column" gap="2" asChild>
      <ol aria-label="Risposte inviate" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {answers.map((answer) => (
          <li key={answer.answeredAt}>
            <Box pl="3" style={{ borderLeft: "3px solid var(--green-8)" }}>
              <Text as="p" size="1" color="gray">
                Risposta di {answer.adminName}, inviata il{" "}
                <time dateTime={new Date(answer.answeredAt).toISOString()}>{formatRomeDateTime(answer.answeredAt)}</time>
              </Text>
              <Text as="p" size="2" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {answer.text}
              </Text>
            </Box>
          </li>
        ))}
      </ol>
    </Flex>
  );
}

/** What a client's report points at: the reason, the psychic's profile and the booking, for the admin to follow up. */
function ReportFacts({ report }: { report: NonNullable<ContactMessage["report"]> }) {
  return (
    <Text as="p" size="2" data-testid="report-facts">
      <Text weight="bold">Motivo:</Text> {report.reasonLabel} ·{" "}
      <Link asChild size="2">
        <RouterLink to={paths.psychic(report.psychicProfileId)}>Profilo del cartomante</RouterLink>
      </Link>{" "}
      · Prenotazione <code>{report.bookingId}</code>
    </Text>
  );
}
