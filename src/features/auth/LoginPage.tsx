import { Flex, Link, Separator, Tabs, Text } from "@radix-ui/themes";
import { Link as RouterLink, Navigate, useSearchParams } from "react-router-dom";
import { paths } from "@/lib/paths";
import { AuthLayout, FormSkeleton } from "./AuthLayout";
import { carriedQuery } from "./redirects";
import { SignInForm } from "./SignInForm";
import { readPendingSignUp } from "./pendingSignUp";
import { SignUpForm } from "./SignUpForm";
import { useSignedInRedirect } from "./useSignedInRedirect";

/** /login: sign-in and sign-up tabs; a signed-in person goes on (their role's home or `redirect`). */
export function LoginPage() {
  const { viewer, target } = useSignedInRedirect();
  const [search] = useSearchParams();
  if (target !== null) return <Navigate to={target} replace />;

  return (
    <AuthLayout
      title="Accedi ad Arcano"
      lead="Entra nel tuo account per prenotare e seguire i tuoi consulti, oppure creane uno gratuito."
    >
      {viewer === undefined ? (
        <FormSkeleton />
      ) : (
        <Tabs.Root defaultValue={search.get("tab") === "signup" || readPendingSignUp() !== null ? "signup" : "login"}>
          <Tabs.List size="2">
            <Tabs.Trigger value="login">Accedi</Tabs.Trigger>
            <Tabs.Trigger value="signup">Registrati</Tabs.Trigger>
          </Tabs.List>
          <Flex direction="column" pt="5">
            <Tabs.Content value="login">
              <SignInForm />
            </Tabs.Content>
            <Tabs.Content value="signup">
              <SignUpForm />
            </Tabs.Content>
          </Flex>
        </Tabs.Root>
      )}
      <Separator size="4" my="5" />
      <Flex direction="column" gap="2">
        <Text size="2" color="gray">
          Preferisci una pagina dedicata?{" "}
          <Link asChild>
            <RouterLink to={`${paths.register}${carriedQuery(search)}`}>Crea un account</RouterLink>
          </Link>
        </Text>
        <Text size="2" color="gray">
          Sei un amministratore?{" "}
          <Link asChild>
            <RouterLink to={paths.adminLogin}>Accesso amministratori</RouterLink>
          </Link>
        </Text>
      </Flex>
    </AuthLayout>
  );
}
