//! What the machine a measurement ran on is, in one line printed above
//! its table: the same build runs a third slower on one kind of virtual
//! machine than on another, and without the processor and its caches
//! beside them two runs' times cannot be told apart from a change.

use std::fs;
use std::path::Path;

/// The line printed above a table of times, for example `Measured on AMD
/// EPYC, 2 cores; caches L1d 32 KiB, L1i 32 KiB, L2 1 MiB, L3 32 MiB
/// (shared by 2).`
pub(crate) fn measured_on() -> String {
    format!("Measured on {}.", describe())
}

/// The processor's name, the cores this process may use, and the caches
/// the first core sees. What the system does not tell (outside Linux, all
/// but the cores) is left out.
fn describe() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let mut line = format!("{}, {cores} cores", processor().unwrap_or_else(|| "an unnamed processor".to_owned()));
    let caches = caches(Path::new("/sys/devices/system/cpu/cpu0/cache"));
    if !caches.is_empty() {
        line.push_str("; caches ");
        line.push_str(&caches.join(", "));
    }
    line
}

/// The `model name` of the first processor in `/proc/cpuinfo`.
fn processor() -> Option<String> {
    let info = fs::read_to_string("/proc/cpuinfo").ok()?;
    let name = info.lines().find_map(|line| line.strip_prefix("model name")?.split_once(':').map(|(_, name)| name))?;
    Some(name.trim().to_owned())
}

/// Each cache under `dir` (sysfs's `index0`, `index1`, ...), in order:
/// its level and kind, its size, and how many cores share it if more
/// than one do.
fn caches(dir: &Path) -> Vec<String> {
    let read = |index: &Path, file: &str| fs::read_to_string(index.join(file)).ok().map(|s| s.trim().to_owned());
    (0..)
        .map(|n| dir.join(format!("index{n}")))
        .take_while(|index| index.is_dir())
        .filter_map(|index| {
            let (level, kind, size) = (read(&index, "level")?, read(&index, "type")?, read(&index, "size")?);
            let kind = match kind.as_str() {
                "Data" => "d",
                "Instruction" => "i",
                _ => "",
            };
            let sharers = read(&index, "shared_cpu_list").map_or(1, |list| cores_in(&list));
            let shared = if sharers > 1 { format!(" (shared by {sharers})") } else { String::new() };
            Some(format!("L{level}{kind} {}{shared}", size_in_words(&size)))
        })
        .collect()
}

/// How many cores a sysfs list such as `0-1,4` names.
fn cores_in(list: &str) -> usize {
    list.split(',')
        .filter(|range| !range.is_empty())
        .map(|range| match range.split_once('-') {
            Some((first, last)) => match (first.parse::<usize>(), last.parse::<usize>()) {
                (Ok(first), Ok(last)) if last >= first => last - first + 1,
                _ => 1,
            },
            None => 1,
        })
        .sum()
}

/// A sysfs size such as `1024K` as `1 MiB`; left as it is if it is
/// not one.
fn size_in_words(size: &str) -> String {
    let Some(kib) = size.strip_suffix('K').and_then(|n| n.parse::<u64>().ok()) else {
        return size.to_owned();
    };
    if kib >= 1024 && kib % 1024 == 0 { format!("{} MiB", kib / 1024) } else { format!("{kib} KiB") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(size_in_words("32K"), "32 KiB");
        assert_eq!(size_in_words("1024K"), "1 MiB");
        assert_eq!(size_in_words("1536K"), "1536 KiB");
        assert_eq!(size_in_words("32768K"), "32 MiB");
        assert_eq!(size_in_words("64"), "64");
    }

    #[test]
    fn core_lists_count_ranges_and_singles() {
        assert_eq!(cores_in("0"), 1);
        assert_eq!(cores_in("0-1"), 2);
        assert_eq!(cores_in("0-3,8,10-11"), 7);
        assert_eq!(cores_in(""), 0);
    }

    /// A cache directory laid out as sysfs lays it out is described level
    /// by level, shared caches marked.
    #[test]
    fn caches_are_read_from_a_sysfs_layout() {
        let dir = std::env::temp_dir().join(format!("reckon-xtask-caches-{}", std::process::id()));
        let write = |index: &str, level: &str, kind: &str, size: &str, shared: &str| {
            let at = dir.join(index);
            fs::create_dir_all(&at).unwrap();
            for (file, text) in [("level", level), ("type", kind), ("size", size), ("shared_cpu_list", shared)] {
                fs::write(at.join(file), format!("{text}\n")).unwrap();
            }
        };
        write("index0", "1", "Data", "48K", "0");
        write("index1", "1", "Instruction", "32K", "0");
        write("index2", "2", "Unified", "2048K", "0");
        write("index3", "3", "Unified", "32768K", "0-1");
        let described = caches(&dir);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(described, ["L1d 48 KiB", "L1i 32 KiB", "L2 2 MiB", "L3 32 MiB (shared by 2)"]);
    }
}
