import { Flex, Link, Text } from "@radix-ui/themes";
import { Link as RouterLink, Navigate, useSearchParams } from "react-router-dom";
import { paths } from "@/lib/paths";
import { AuthLayout, FormSkeleton } from "./AuthLayout";
import { carriedQuery } from "./redirects";
import { SignUpForm } from "./SignUpForm";
import { useSignedInRedirect } from "./useSignedInRedirect";

/** /register?type=client|psychic: the sign-up form on its own page. */
export function RegisterPage() {
  const { viewer, target } = useSignedInRedirect();
  const [search] = useSearchParams();
  if (target !== null) return <Navigate to={target} replace />;
  const type = search.get("type") === "psychic" ? "psychic" : "client";

  return (
    <AuthLayout
      title="Crea il tuo account"
      lead="Registrati gratuitamente come cliente per prenotare consulti, o come cartomante per offrirli."
    >
      {viewer === undefined ? (
        <FormSkeleton />
      ) : (
        <SignUpForm key={type} initialType={type} />
      )}
      <Flex mt="5">
        <Text size="2" color="gray">
          Hai già un account?{" "}
          <Link asChild weight="medium">
            <RouterLink to={`${paths.login}${carriedQuery(search)}`}>Accedi</RouterLink>
          </Link>
        </Text>
      </Flex>
    </AuthLayout>
  );
}
