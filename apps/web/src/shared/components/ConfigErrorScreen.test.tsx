import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { ConfigError } from "../lib/config";
import { ConfigErrorScreen } from "./ConfigErrorScreen";

it("shows a clear error screen when the config cannot be loaded", () => {
  render(<ConfigErrorScreen error={new ConfigError("Could not load /config.json (HTTP 503)")} />);
  expect(screen.getByRole("heading", { name: "Fundament could not start" })).toBeTruthy();
  expect(screen.getByText("Could not load /config.json (HTTP 503)")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
});
