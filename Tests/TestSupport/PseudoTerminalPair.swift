#if canImport(Glibc)
import Glibc
#endif

/// A new pseudo-terminal: the master (the test is the terminal), its slave (the program's
/// side) and the slave's path, both opened without becoming anyone's controlling terminal; nil when the system has
/// none to give. The caller closes both.
public enum PseudoTerminalPair {
    public static func open() -> (master: Int32, slave: Int32, path: String)? {
        // posix_openpt and friends are not imported into Swift: their ioctls (Linux's
        // TIOCSPTLCK to unlock, TIOCGPTN for the number) by value.
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            if master >= 0 { close(master) }
            return nil
        }
        let path = "/dev/pts/\(number)"
        let slave = Glibc.open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { close(master); return nil }
        return (master, slave, path)
    }
}
