//! `cargo xtask man [DIR]`: the man pages of `reckon`, made from its clap
//! grammar, so that they say what `--help` says.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// Where the pages go when no DIR is given.
const DEFAULT_DIR: &str = "target/man";

pub fn man(args: &[String]) -> anyhow::Result<()> {
    let dir = match args {
        [] => super::workspace_root().join(DEFAULT_DIR),
        [dir] => PathBuf::from(dir),
        _ => bail!("usage: cargo xtask man [DIR]"),
    };
    let pages = write_pages(&dir)?;
    for page in &pages {
        println!("{}", page.display());
    }
    Ok(())
}

/// Writes `reckon.1` and a page per subcommand (`reckon-census.1`, ...)
/// into `dir`, and returns their paths.
fn write_pages(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    clap_mangen::generate_to(reckon_cli::command(), dir)
        .with_context(|| format!("cannot write to {}", dir.display()))?;
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with("reckon") && name.ends_with(".1") {
            pages.push(path);
        }
    }
    pages.sort();
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_a_page_per_command() {
        let dir = std::env::temp_dir().join(format!("reckon-man-{}", std::process::id()));
        let pages = write_pages(&dir).unwrap();
        let names: Vec<String> = pages.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        assert!(names.contains(&"reckon.1".to_owned()), "{names:?}");
        assert!(names.contains(&"reckon-census.1".to_owned()), "{names:?}");
        assert!(names.contains(&"reckon-completions.1".to_owned()), "{names:?}");
        let main = std::fs::read_to_string(dir.join("reckon.1")).unwrap();
        assert!(main.starts_with(".ie"), "{main}");
        assert!(main.contains("reckon\\-census(1)"), "{main}");
        let reach = std::fs::read_to_string(dir.join("reckon-reach.1")).unwrap();
        assert!(reach.contains("\\-\\-range"), "{reach}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
