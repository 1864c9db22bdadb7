import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local bound to one host (default 127.0.0.1).
 * The jar has no bind-address flag, so the Jetty connector host is set before start.
 * Usage: java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* DynamoDbLocalLoopback.java [host] -- <DynamoDB Local args>
 * It exits when its standard input closes: the platform that started it holds the other end, so
 * however the platform ends (kill -9 included) no orphan keeps the database files open.
 */
public class DynamoDbLocalLoopback {
  public static void main(String[] args) throws Exception {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    String[] rest = args.length > 1 ? java.util.Arrays.copyOfRange(args, 1, args.length) : new String[0];
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(rest);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
    Thread watcher = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // keep reading until the parent's end of the pipe closes
        }
      } catch (java.io.IOException ignored) {
        // a broken pipe means the parent is gone too
      }
      System.exit(0);
    });
    watcher.setDaemon(true);
    watcher.start();
    proxy.join();
  }
}
