/**
 * `cos completion <bash|zsh|fish>`: a shell completion script generated from the command definitions themselves,
 * so every command, sub-command and option completes and a new command needs no separate edit.
 */
import type { Command } from 'commander';

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

interface CommandWords {
  name: string;
  description: string;
  subcommands: CommandWords[];
  options: string[];
}

function wordsOf(command: Command): CommandWords {
  return {
    name: command.name(),
    description: command.description().split('\n')[0] ?? '',
    subcommands: command.commands.map(wordsOf),
    options: command.options.map((option) => option.long ?? option.short ?? '').filter(Boolean),
  };
}

const quoteSingle = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bashScript(root: CommandWords): string {
  const top = [...root.subcommands.map((sub) => sub.name), '--help', '--version'].join(' ');
  const cases = root.subcommands
    .map((sub) => {
      const nested = sub.subcommands
        .map((leaf) => `        ${leaf.name}) opts=${quoteSingle([...leaf.options, '--help'].join(' '))} ;;`)
        .join('\n');
      const own = [...sub.subcommands.map((leaf) => leaf.name), ...sub.options, '--help'].join(' ');
      return sub.subcommands.length === 0
        ? `    ${sub.name}) opts=${quoteSingle(own)} ;;`
        : `    ${sub.name})\n      case "\${COMP_WORDS[2]}" in\n${nested}\n        *) opts=${quoteSingle(own)} ;;\n      esac\n      [ "$COMP_CWORD" -eq 2 ] && opts=${quoteSingle(own)} ;;`;
    })
    .join('\n');
  return `# bash completion for cos (source it, or save it to /etc/bash_completion.d/cos)
_cos() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts
  if [ "$COMP_CWORD" -eq 1 ]; then
    opts=${quoteSingle(top)}
  else
    case "\${COMP_WORDS[1]}" in
${cases}
    *) opts='' ;;
    esac
  fi
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -o default -F _cos cos
`;
}

function zshScript(root: CommandWords): string {
  return `#compdef cos
# zsh completion for cos: add \`source <(cos completion zsh)\` to ~/.zshrc
autoload -U +X bashcompinit && bashcompinit
${bashScript(root)}`;
}

function fishScript(root: CommandWords): string {
  const lines = ['# fish completion for cos: cos completion fish > ~/.config/fish/completions/cos.fish', 'complete -c cos -f'];
  for (const sub of root.subcommands) {
    lines.push(`complete -c cos -n '__fish_use_subcommand' -a ${quoteSingle(sub.name)} -d ${quoteSingle(sub.description)}`);
    for (const leaf of sub.subcommands) {
      lines.push(`complete -c cos -n '__fish_seen_subcommand_from ${sub.name}' -a ${quoteSingle(leaf.name)} -d ${quoteSingle(leaf.description)}`);
    }
    for (const option of new Set([...sub.options, ...sub.subcommands.flatMap((leaf) => leaf.options)])) {
      if (option.startsWith('--')) lines.push(`complete -c cos -n '__fish_seen_subcommand_from ${sub.name}' -l ${option.slice(2)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: CompletionShell): string {
  const root = wordsOf(program);
  return shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root);
}

export function registerCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script: cos completion bash|zsh|fish.')
    .argument('<shell>', `one of ${COMPLETION_SHELLS.join(', ')}`)
    .addHelpText('after', '\nbash: source <(cos completion bash)   zsh: source <(cos completion zsh)\nfish: cos completion fish > ~/.config/fish/completions/cos.fish')
    .action((shell: string) => {
      if (!(COMPLETION_SHELLS as readonly string[]).includes(shell)) {
        program.error(`Unknown shell "${shell}". Use one of: ${COMPLETION_SHELLS.join(', ')}.`, { exitCode: 2 });
      }
      process.stdout.write(completionScript(program, shell as CompletionShell));
    });
}
