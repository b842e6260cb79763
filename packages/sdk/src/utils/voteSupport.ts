/** The vote choice 'for' maps to support true; any other choice to false (spec section 5). */
export function voteSupport(choice: string): boolean {
  return choice === "for";
}
