import { useEffect, useState } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Box, Button, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { LockClosedIcon } from "@radix-ui/react-icons";
import { useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { Navigate, useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { paths } from "@/lib/paths";
import { TextField } from "@/components/form/TextField";
import { toast } from "@/components/toast";
import { errorCodeOf, errorMessage } from "@/lib/text/errors";
import { fieldErrorsOf, useZodForm } from "@/lib/account/forms";
import { useViewer } from "@/lib/account/session";
import {
  adminEmailInvalidMessage,
  adminResetSchema,
  adminSignInSchema,
  type AdminSignInValues,
} from "./adminLoginSchemas";
import "./adminLogin.css";

export const accessDeniedToast = { title: "Accesso negato", description: "Non hai i permessi di amministratore." } as const;

/**
 * /admin-login: admin-domain addresses only (checked by the server), then the server's own
 * `isAdmin` answer decides; a signed-in account that is not an admin is signed out at once.
 */
export function AdminLoginPage() {
  const viewer = useViewer();
  const isAdmin = useQuery(api.users.isAdmin, viewer ? {} : "skip");
  const { signIn, signOut } = useAuthActions();
  const navigate = useNavigate();
  // True from a successful sign-in here until the server's admin check has answered.
  const [checking, setChecking] = useState(false);
  const [sendingReset, setSendingReset] = useState(false);
  const form = useZodForm(adminSignInSchema, { email: "", password: "" } satisfies AdminSignInValues);

  const denied = checking && viewer !== undefined && viewer !== null && isAdmin === false;
  useEffect(() => {
    if (!denied) return;
    void (async () => {
      await signOut();
      toast.error(accessDeniedToast.description, accessDeniedToast.title);
      setChecking(false);
    })();
  }, [denied, signOut]);

  if (viewer && isAdmin === true) return <Navigate to={paths.adminDashboard} replace />;

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const { signingIn } = await signIn("password", { flow: "signIn", email, password, adminLogin: true });
      if (signingIn) setChecking(true);
      else toast.error(errorMessage(null), "Errore durante l'accesso");
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "INVALID_ADMIN_EMAIL") {
        form.setErrors({ email: adminEmailInvalidMessage });
        toast.error(adminEmailInvalidMessage);
      } else if (code === "INVALID_CREDENTIALS") {
        toast.error("Email o password errati", "Credenziali non valide");
      } else {
        toast.error(errorMessage(error), "Errore durante l'accesso");
      }
    }
  });

  const requestReset = async () => {
    const parsed = adminResetSchema.safeParse({ email: form.values.email });
    if (!parsed.success) {
      const errors = fieldErrorsOf<{ email: string }>(parsed.error);
      form.setErrors(errors);
      toast.error(errors.email ?? adminEmailInvalidMessage);
      return;
    }
    const { email } = parsed.data;
    setSendingReset(true);
    try {
      await signIn("password", { flow: "reset", email, adminLogin: true });
      toast.success("Email inviata", "Se l'indirizzo è registrato, riceverai un codice di 6 cifre per reimpostare la password.");
      navigate(paths.resetPassword, { state: { email, admin: true } });
    } catch (error) {
      if (errorCodeOf(error) === "INVALID_ADMIN_EMAIL") {
        form.setErrors({ email: adminEmailInvalidMessage });
        toast.error(adminEmailInvalidMessage);
      } else if (error instanceof ConvexError) {
        toast.error(errorMessage(error), "Impossibile inviare l'email di reset");
      } else {
        toast.error("Impossibile inviare l'email di reset", "Errore di connessione");
      }
    } finally {
      setSendingReset(false);
    }
  };

  const busy = form.submitting || checking || viewer === undefined;

  return (
    <Container size="4" px={{ initial: "4", sm: "5" }} py={{ initial: "6", sm: "8" }}>
      <Grid columns={{ initial: "1", md: "2" }} gap="6" align="stretch">
        <Flex direction="column" justify="center">
          <Heading as="h1" size={{ initial: "7", sm: "8" }} mb="2">
            Accesso amministratori
          </Heading>
          <Text as="p" size="3" color="gray" mb="5">
            Area riservata agli amministratori di Arcano. Usa l'email aziendale.
          </Text>
          <Card size="3">
            <form onSubmit={submit} noValidate aria-label="Accesso amministratori">
              <Flex direction="column" gap="4">
                <TextField
                  label="Email aziendale"
                  type="email"
                  autoComplete="username"
                  {...form.field("email")}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  {...form.field("password")}
                />
                <Button type="submit" size="3" disabled={busy}>
                  <LockClosedIcon />
                  {form.submitting || checking ? "Accesso..." : "Accedi"}
                </Button>
                <Button type="button" variant="ghost" disabled={sendingReset} onClick={() => void requestReset()}>
                  {sendingReset ? "Invio..." : "Password dimenticata? Richiedi il reset"}
                </Button>
              </Flex>
            </form>
          </Card>
        </Flex>
        <DecorativePanel />
      </Grid>
    </Container>
  );
}

/** The right-hand panel: decoration only, hidden from assistive technology and from small screens. */
function DecorativePanel() {
  return (
    <Box className="admin-login-panel" display={{ initial: "none", md: "block" }} aria-hidden="true" p="7">
      <div className="admin-login-stars" />
      <Flex direction="column" justify="end" height="100%" gap="2" position="relative">
        <Text size="7" weight="bold">
          Arcano
        </Text>
        <Text as="p" size="3">Pannello di amministrazione: cartomanti, clienti, consulti e messaggi in un solo posto.</Text>
      </Flex>
    </Box>
  );
}
