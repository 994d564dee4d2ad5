import type { ReactNode } from "react";
import { redirect } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { HomePage } from "@/features/home/HomePage";
import { ProfileAddress } from "@/features/catalogue/ProfileAddress";
import { RequireAdmin, RequireClient, RequirePsychic, RequireSignedIn } from "./guards";
import { FocusedLayout } from "./layout/FocusedLayout";
import { NavigationProgress } from "./layout/NavigationProgress";
import { FirstPageLoading } from "./layout/PageLoading";
import { RootLayout } from "./layout/RootLayout";
import { RouteError } from "./layout/RouteError";
import { lazyPage as page } from "./lazyPage";
import { NotFoundPage } from "./NotFoundPage";
import { paths } from "@/lib/paths";

/**
 * The spec's route table: the open pages first, then one group per audience behind its guard.
 * A new page joins the group of the people who may open it.
 */
/** A layout around `pages`, with the loading bar, the first page's placeholder and the Italian error pages. */
function withLayout(layout: ReactNode, pages: RouteObject[]): RouteObject {
  return {
    element: (
      <>
        {/* A link to a page whose code is still on its way: a bar, then a way out if it takes long. */}
        <NavigationProgress />
        {layout}
      </>
    ),
    // While the first page's code arrives; it says so if that takes long.
    HydrateFallback: FirstPageLoading,
    // A failure of the layout itself: the Italian error page on its own.
    ErrorBoundary: RouteError,
    // A page whose code did not arrive or failed: the same page inside the layout.
    children: [{ ErrorBoundary: RouteError, children: pages }],
  };
}

export const routes: RouteObject[] = [
  withLayout(<RootLayout />, [
    // Open to everyone; the booking and cancelled-payment pages handle visitors themselves.
    { path: paths.home, element: <HomePage /> },
    { path: paths.about, lazy: page(() => import("@/features/static/AboutPage"), "AboutPage") },
    { path: paths.contact, lazy: page(() => import("@/features/contact/ContactPage"), "ContactPage") },
    { path: paths.psychics, lazy: page(() => import("@/features/catalogue/PsychicListPage"), "PsychicListPage") },
    {
      // By slug (/psychics/selene) or by id, an old address replaced with the slug's (ProfileAddress).
      path: paths.psychic(":id"),
      element: <ProfileAddress />,
      children: [
        { index: true, lazy: page(() => import("@/features/catalogue/PsychicProfilePage"), "PsychicProfilePage") },
        { path: "book", lazy: page(() => import("@/features/booking/BookingPage"), "BookingPage") },
      ],
    },
    { path: paths.paymentCanceled, lazy: page(() => import("@/features/payments/PaymentCanceledPage"), "PaymentCanceledPage") },
    { path: paths.login, lazy: page(() => import("@/features/auth/LoginPage"), "LoginPage") },
    { path: paths.register, lazy: page(() => import("@/features/auth/RegisterPage"), "RegisterPage") },
    { path: paths.resetPassword, lazy: page(() => import("@/features/auth/ResetPasswordPage"), "ResetPasswordPage") },
    { path: paths.adminLogin, lazy: page(() => import("@/features/admin/AdminLoginPage"), "AdminLoginPage") },
    { path: paths.howItWorks, lazy: page(() => import("@/features/static/HowItWorksPage"), "HowItWorksPage") },
    { path: paths.reviewsAndRanking, lazy: page(() => import("@/features/static/ReviewsAndRankingPage"), "ReviewsAndRankingPage") },
    { path: paths.terms, lazy: page(() => import("@/features/static/TermsPage"), "TermsPage") },
    { path: paths.privacy, lazy: page(() => import("@/features/static/PrivacyPage"), "PrivacyPage") },
    // A redirect the server answers too (src/app/server.tsx), before any page is drawn.
    { path: paths.faq, loader: () => redirect(paths.clientFaq) },
    { path: paths.clientFaq, lazy: page(() => import("@/features/static/ClientFaqPage"), "ClientFaqPage") },
    { path: paths.psychicFaq, lazy: page(() => import("@/features/static/PsychicFaqPage"), "PsychicFaqPage") },
    {
      // Any signed-in account. The profile editor shows its own access-denied message to non-psychics.
      element: <RequireSignedIn />,
      children: [
        { path: paths.settings, lazy: page(() => import("@/features/client/settings/ClientSettingsPage"), "ClientSettingsPage") },
        { path: paths.psychicProfile, lazy: page(() => import("@/features/psychic/PsychicProfileEditorPage"), "PsychicProfileEditorPage") },
      ],
    },
    {
      element: <RequireClient />,
      children: [
        { path: paths.dashboard, lazy: page(() => import("@/features/client/ClientDashboardPage"), "ClientDashboardPage") },
        // Only a client pays; a visitor here (a session that ended meanwhile) signs in and comes back.
        { path: paths.paymentSuccess, lazy: page(() => import("@/features/payments/PaymentSuccessPage"), "PaymentSuccessPage") },
      ],
    },
    {
      element: <RequirePsychic />,
      children: [
        { path: paths.psychicDashboard, lazy: page(() => import("@/features/psychic/PsychicDashboardPage"), "PsychicDashboardPage") },
        { path: paths.psychicSettings, lazy: page(() => import("@/features/psychic/PsychicSettingsPage"), "PsychicSettingsPage") },
        { path: paths.psychicEarnings, lazy: page(() => import("@/features/psychic/PsychicEarningsPage"), "PsychicEarningsPage") },
      ],
    },
    {
      element: <RequireAdmin />,
      children: [
        { path: paths.adminDashboard, lazy: page(() => import("@/features/admin/AdminDashboardPage"), "AdminDashboardPage") },
        { path: paths.adminMessages, lazy: page(() => import("@/features/admin/AdminMessagesPage"), "AdminMessagesPage") },
      ],
    },
    { path: "*", element: <NotFoundPage /> },
  ]),
  // The consultation room fills the screen on its own: the brand's mark and the way back, no header or footer.
  withLayout(<FocusedLayout />, [
    {
      element: <RequireSignedIn />,
      children: [{ path: paths.call(":bookingId"), lazy: page(() => import("@/features/call/CallPage"), "CallPage") }],
    },
  ]),
];
