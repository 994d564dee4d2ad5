// HTTP routes: the auth library's OpenID and sign-in endpoints. Webhooks mount here too.
import { httpRouter } from "convex/server";
import { auth } from "./auth";

const http = httpRouter();

auth.addHttpRoutes(http);

export default http;
