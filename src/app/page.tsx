import { redirect } from "next/navigation";

/** The home page is the graphs list. */
export default function HomePage() {
  redirect("/graphs");
}
