// /contact: anyone writes to the team. Idle, sending ('Invio...'), then success (fields cleared) or
// failure (fields kept); a signed-in person's name, email and account type are filled in.
import { useEffect, useId, useRef } from "react";
import { Button, Card, Container, Flex, Heading, Link, RadioGroup, Select, Text, TextArea } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { Link as RouterLink } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { useZodForm } from "@/lib/account/forms";
import { paths } from "@/lib/paths";
import { useViewer } from "@/lib/account/session";
import { fetchOriginPass } from "@/lib/account/originPass";
import { contactCategories, contactSchema, type ContactValues } from "./contactSchema";
import { FieldError } from "@/components/form/FieldError";

export const contactMessages = {
  sent: ["Messaggio inviato!", "Ti risponderemo il prima possibile. Ti abbiamo inviato una conferma via email."],
  failed: "Si è verificato un errore nell'invio del messaggio. Riprova.",
  tooMany: "Hai inviato troppi messaggi in poco tempo. Riprova più tardi o scrivici di nuovo domani.",
} as const;

const empty: ContactValues = { name: "", email: "", userType: "client", category: "", subject: "", message: "" };

export function ContactPage() {
  return (
    <Container size="2" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="2">
          <Heading as="h1" size={{ initial: "7", sm: "8" }}>
            Contattaci
          </Heading>
          <Text as="p" color="gray" size="3">
            Scrivi al nostro team per domande su consulti, pagamenti o sul tuo account: ti risponderemo il prima
            possibile. Molte risposte sono già nelle{" "}
            <Link asChild>
              <RouterLink to={paths.clientFaq}>domande frequenti</RouterLink>
            </Link>
            .
          </Text>
        </Flex>
        <Card size={{ initial: "2", sm: "3" }}>
          <ContactForm />
        </Card>
      </Flex>
    </Container>
  );
}

function ContactForm() {
  const viewer = useViewer();
  const send = useMutation(api.contact.send);
  const form = useZodForm(contactSchema, empty);
  const ids = { userType: useId(), category: useId(), message: useId(), messageError: useId() };

  // A signed-in person's details, once they load, into fields they have not typed in yet.
  const { setValues } = form;
  const filledFor = useRef<string | null>(null);
  const signedIn = viewer ?? null;
  useEffect(() => {
    if (signedIn === null || filledFor.current === signedIn.id) return;
    filledFor.current = signedIn.id;
    setValues((values) => ({
      ...values,
      name: values.name || (signedIn.fullName ?? ""),
      email: values.email || (signedIn.email ?? ""),
      userType: signedIn.accountType === "psychic" ? "psychic" : values.userType,
    }));
  }, [signedIn, setValues]);

  const submit = form.handleSubmit(async ({ category, ...values }) => {
    try {
      const originPass = await fetchOriginPass();
      await send({ ...values, ...(category ? { category } : {}), ...(originPass ? { originPass } : {}) });
      // Cleared for the next message; a signed-in person keeps their own details.
      setValues({
        ...empty,
        name: signedIn?.fullName ?? "",
        email: signedIn?.email ?? "",
        userType: signedIn?.accountType === "psychic" ? "psychic" : "client",
      });
      toast.success(...contactMessages.sent);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "INVALID_INPUT") {
        const field = (error as { data?: { field?: string } }).data?.field;
        if (field && field in empty) form.setErrors({ [field]: "Controlla questo campo." });
      }
      toast.error(errorMessage(error, contactMessages.failed, { RATE_LIMITED: contactMessages.tooMany, INVALID_INPUT: contactMessages.failed }));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Modulo di contatto">
      <Flex direction="column" gap="4">
        <TextField label="Nome" autoComplete="name" {...form.field("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <Flex direction="column" gap="2">
          <Text as="div" size="2" weight="medium" id={ids.userType}>
            Sei un
          </Text>
          <RadioGroup.Root
            aria-labelledby={ids.userType}
            value={form.values.userType}
            onValueChange={(value) => form.set("userType", value as ContactValues["userType"])}
          >
            <Flex gap="4" wrap="wrap">
              <RadioGroup.Item value="client">Cliente</RadioGroup.Item>
              <RadioGroup.Item value="psychic">Cartomante</RadioGroup.Item>
            </Flex>
          </RadioGroup.Root>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.category} size="2" weight="medium">
            Categoria (facoltativa)
          </Text>
          <Select.Root
            size="3"
            value={form.values.category}
            onValueChange={(value) => form.set("category", value as ContactValues["category"])}
          >
            <Select.Trigger id={ids.category} placeholder="Seleziona una categoria" />
            <Select.Content position="popper">
              {contactCategories.map((category) => (
                <Select.Item key={category.value} value={category.value}>
                  {category.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <TextField label="Oggetto" {...form.field("subject")} />
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.message} size="2" weight="medium">
            Messaggio
          </Text>
          <TextArea
            id={ids.message}
            rows={4}
            size="3"
            value={form.values.message}
            onChange={(event) => form.set("message", event.target.value)}
            aria-invalid={form.errors.message ? true : undefined}
            aria-describedby={form.errors.message ? ids.messageError : undefined}
            color={form.errors.message ? "red" : undefined}
          />
          <FieldError id={ids.messageError} message={form.errors.message} />
        </Flex>
        <Flex>
          <Button type="submit" size="3" disabled={form.submitting}>
            {form.submitting ? "Invio..." : "Invia messaggio"}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
