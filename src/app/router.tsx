import { Navigate } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { AdminDashboardPage } from "../features/admin/AdminDashboardPage";
import { AdminLoginPage } from "../features/admin/AdminLoginPage";
import { AdminMessagesPage } from "../features/admin/AdminMessagesPage";
import { LoginPage } from "../features/auth/LoginPage";
import { RegisterPage } from "../features/auth/RegisterPage";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage";
import { BookingPage } from "../features/booking/BookingPage";
import { CallPage } from "../features/call/CallPage";
import { ContactPage } from "../features/contact/ContactPage";
import { ClientDashboardPage } from "../features/dashboard/ClientDashboardPage";
import { HomePage } from "../features/home/HomePage";
import { PaymentCanceledPage } from "../features/payments/PaymentCanceledPage";
import { PaymentSuccessPage } from "../features/payments/PaymentSuccessPage";
import { PsychicDashboardPage } from "../features/psychic/PsychicDashboardPage";
import { PsychicProfileEditorPage } from "../features/psychic/PsychicProfileEditorPage";
import { PsychicSettingsPage } from "../features/psychic/PsychicSettingsPage";
import { PsychicListPage } from "../features/psychics/PsychicListPage";
import { PsychicProfilePage } from "../features/psychics/PsychicProfilePage";
import { ClientSettingsPage } from "../features/settings/ClientSettingsPage";
import { AboutPage } from "../features/static/AboutPage";
import { ClientFaqPage } from "../features/static/ClientFaqPage";
import { HowItWorksPage } from "../features/static/HowItWorksPage";
import { PrivacyPage } from "../features/static/PrivacyPage";
import { PsychicFaqPage } from "../features/static/PsychicFaqPage";
import { TermsPage } from "../features/static/TermsPage";
import { RootLayout } from "./layout/RootLayout";
import { NotFoundPage } from "./NotFoundPage";
import { paths } from "./paths";

/** The spec's route table, in its order. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.psychics, element: <PsychicListPage /> },
      { path: paths.psychic(":id"), element: <PsychicProfilePage /> },
      { path: paths.psychicBook(":id"), element: <BookingPage /> },
      { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
      { path: paths.paymentCanceled, element: <PaymentCanceledPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.dashboard, element: <ClientDashboardPage /> },
      { path: paths.settings, element: <ClientSettingsPage /> },
      { path: paths.psychicDashboard, element: <PsychicDashboardPage /> },
      { path: paths.psychicProfile, element: <PsychicProfileEditorPage /> },
      { path: paths.psychicSettings, element: <PsychicSettingsPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.adminDashboard, element: <AdminDashboardPage /> },
      { path: paths.adminMessages, element: <AdminMessagesPage /> },
      { path: paths.howItWorks, element: <HowItWorksPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.faq, element: <Navigate to={paths.clientFaq} replace /> },
      { path: paths.clientFaq, element: <ClientFaqPage /> },
      { path: paths.psychicFaq, element: <PsychicFaqPage /> },
      { path: paths.call(":bookingId"), element: <CallPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

