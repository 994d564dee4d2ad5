// The booking page of psychic "p1" rendered at its route, with the address it writes shown beside it.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BookingPage } from "@/features/booking/BookingPage";
import { LocationProbe, renderRoute } from "./render";

/** Opens /psychics/p1/book with `query` ("?date=…"); returns the user to act with. */
export function openBookingPage(query = "") {
  const user = userEvent.setup();
  renderRoute(
    <>
      <BookingPage />
      <LocationProbe />
    </>,
    { path: `/psychics/p1/book${query}`, route: "/psychics/:id/book" },
  );
  return user;
}

/** The query string the page wrote, as a map. */
export function writtenQuery(): URLSearchParams {
  const text = screen.getByText(/^at \/psychics\/p1\/book/).textContent ?? "";
  return new URLSearchParams(text.split("?")[1] ?? "");
}
